/**
 * The public forms' plain answers drawn from the field catalogue alone (core/fields.ts): every shown field
 * with a declared `rule` gets its control from that rule (a text box, a text area for `multiline`, a list
 * for a `choice`, a tick box for a `flag`), its label, its required mark and its linked error. Adding such
 * a field to a form is its catalogue entry and its column; the form's markup does not change.
 */
import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { type Catalogue, type FieldDef, formLabel } from "#core/fields";
import { Checkbox } from "../ui/checkbox";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";

export interface CatalogueFieldsProps<V extends FieldValues> {
  catalogue: Catalogue;
  /** The fields to draw, in order (`catalogueDrawnFields(catalogue)`). */
  names: readonly string[];
  /** The element id of a field's control. */
  id: (name: string) => string;
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
}

export function CatalogueFields<V extends FieldValues>({ catalogue, names, id, register, errors }: CatalogueFieldsProps<V>) {
  return (
    <>
      {names.map((name) => {
        const def = catalogue[name]!;
        const registration = register(name as Path<V>);
        const error = errors[name]?.message;
        return (
          <CatalogueField key={name} def={def} id={id(name)} error={typeof error === "string" ? error : undefined} registration={registration} />
        );
      })}
    </>
  );
}

function CatalogueField({
  def,
  id,
  error,
  registration,
}: {
  def: FieldDef;
  id: string;
  error: string | undefined;
  registration: ReturnType<UseFormRegister<FieldValues>>;
}) {
  const rule = def.rule;
  const label = formLabel(def);
  if (!rule) return null;
  if (rule.kind === "flag") {
    return <Checkbox id={id} wrapperClassName="sm:col-span-2" label={label} aria-invalid={error ? true : undefined} {...registration} />;
  }
  const required = rule.required === true;
  return (
    <Field id={id} label={required ? label : `${label} (optional)`} required={required} error={error} className="sm:col-span-2">
      {(a11y) => {
        if (rule.kind === "choice") {
          return (
            <Select {...a11y} {...registration}>
              <option value="">Select {label.toLowerCase()}</option>
              {rule.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          );
        }
        return rule.multiline ? <Textarea {...a11y} {...registration} /> : <Input {...a11y} {...registration} />;
      }}
    </Field>
  );
}
