/**
 * Correct an application or a contact message: every correctable field, validated in the browser and on the
 * server with the public form's schema, so staff read the form's own messages.
 */
import { useId, useState } from "react";
import {
  APPLICATION_FIELDS,
  type Catalogue,
  choiceOptions,
  CONTACT_FIELDS,
  type CorrectionControl,
  correctableFields,
  correctionControl,
  correctionLabel,
  correctionRequired,
} from "#core/fields";
import { CONTACT_REASONS, COUNTRIES, INTEREST_LEVELS, INTEREST_OTHER, US_STATES } from "#core/options";
import { applicationSchema, contactSchema, fieldErrors } from "#core/validation";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError } from "~/lib/api-client";
import { errorText } from "../../parts/session/hooks";
import { useCorrection } from "./api";
import type { PrivacyApplication, PrivacyContactMessage } from "#core/contracts/privacy";

type Values = Record<string, string | boolean>;

interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  control: CorrectionControl;
  /** A choice field's options (its rule's). */
  options: readonly string[];
}

/** The catalogue's correctable fields (core/fields.ts), in its order. */
function correctionSpecs(catalogue: Catalogue): FieldSpec[] {
  return correctableFields(catalogue).map((name) => {
    const def = catalogue[name]!;
    return { name, label: correctionLabel(def), required: correctionRequired(def), control: correctionControl(def), options: choiceOptions(def) };
  });
}

const APPLICATION_SPECS = correctionSpecs(APPLICATION_FIELDS);
const CONTACT_SPECS = correctionSpecs(CONTACT_FIELDS);

export type CorrectionTarget =
  | { kind: "application"; record: PrivacyApplication }
  | { kind: "contact"; record: PrivacyContactMessage };

function initialValues(target: CorrectionTarget): Values {
  const source = target.record as unknown as Record<string, unknown>;
  const specs = target.kind === "application" ? APPLICATION_SPECS : CONTACT_SPECS;
  const values: Values = {};
  for (const spec of specs) {
    const value = source[spec.name];
    values[spec.name] = spec.control === "checkbox" ? value === true : value === null || value === undefined ? "" : String(value);
  }
  return values;
}

export function CorrectionDialog({ target, email, onDone }: { target: CorrectionTarget; email: string; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => initialValues(target));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const correction = useCorrection(email);
  const baseId = useId();
  const specs = target.kind === "application" ? APPLICATION_SPECS : CONTACT_SPECS;
  const what = target.kind === "application" ? "application" : "contact message";
  const name = `${target.record.firstName} ${target.record.lastName}`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setValues(initialValues(target));
      setErrors({});
      setFailure(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const candidate = target.kind === "application" ? { ...values, formSource: target.record.formSource } : values;
    const parsed = (target.kind === "application" ? applicationSchema : contactSchema).safeParse(candidate);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(baseId, specs, fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await correction.mutateAsync({ kind: target.kind, id: target.record.id, patch: values });
      setOpen(false);
      onDone(answer.fields.length ? `Corrected ${what} of ${name}: ${answer.fields.join(", ")}.` : `Nothing changed in the ${what} of ${name}.`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setErrors(error.fieldErrors);
        focusFirstError(baseId, specs, error.fieldErrors);
      } else {
        setFailure(errorText(error, `Failed to correct the ${what}`));
      }
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Correct the ${what} of ${name}`}>
          Correct
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Correct {what}</DialogTitle>
          <DialogDescription>
            Changes are checked with the same rules as the public form. The audit log records which fields changed, not their values.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          {specs.map((spec) => (
            <CorrectionField
              key={spec.name}
              id={`${baseId}-${spec.name}`}
              spec={spec}
              value={values[spec.name] ?? ""}
              hidden={spec.name === "interestLevelOther" && values.interestLevel !== INTEREST_OTHER}
              error={errors[spec.name]?.[0]}
              onChange={(value) => setValues((current) => ({ ...current, [spec.name]: value }))}
            />
          ))}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={correction.isPending}>
              {correction.isPending ? "Saving..." : "Save correction"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function focusFirstError(baseId: string, specs: FieldSpec[], errors: Record<string, string[]>) {
  const first = specs.find((spec) => errors[spec.name]?.length);
  if (first) window.requestAnimationFrame(() => document.getElementById(`${baseId}-${first.name}`)?.focus());
}

function CorrectionField(props: {
  id: string;
  spec: FieldSpec;
  value: string | boolean;
  hidden: boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { id, spec, value, hidden, error, onChange } = props;
  if (hidden) return null;
  if (spec.control === "checkbox") {
    return <Checkbox id={id} label={spec.label} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />;
  }
  const text = typeof value === "string" ? value : "";
  return (
    <Field id={id} label={spec.label} required={spec.required} error={error}>
      {(control) => {
        switch (spec.control) {
          case "textarea":
            return <Textarea {...control} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
          case "state":
            return (
              <Select {...control} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
                <option value="">Select…</option>
                <optgroup label="US states">
                  {US_STATES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Countries">
                  {COUNTRIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </optgroup>
              </Select>
            );
          case "interest":
            return (
              <Select {...control} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
                <option value="">Select…</option>
                {INTEREST_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </Select>
            );
          case "choice":
            return (
              <Select {...control} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
                <option value="">Select…</option>
                {spec.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            );
          case "reason":
            return (
              <Select {...control} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
                <option value="">Select…</option>
                {CONTACT_REASONS.map((reason) => (
                  <option key={reason.value} value={reason.value}>
                    {reason.label}
                  </option>
                ))}
              </Select>
            );
          default:
            return (
              <Input
                {...control}
                type={spec.control === "email" ? "email" : "text"}
                inputMode={spec.control === "number" ? "numeric" : undefined}
                value={text}
                onChange={(event) => onChange(event.currentTarget.value)}
              />
            );
        }
      }}
    </Field>
  );
}
