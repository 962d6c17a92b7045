/** A labelled group of checkboxes choosing among fixed values (an endpoint's events, a key's scopes), with its error. */
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";

export function ChoiceFieldset<V extends string>({
  idPrefix,
  legend,
  values,
  labels,
  chosen,
  onChange,
  error,
}: {
  idPrefix: string;
  legend: string;
  values: readonly V[];
  labels: Record<V, string>;
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
  error?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      {values.map((value) => (
        <Checkbox
          key={value}
          id={`${idPrefix}-${value.replace(/\W/g, "-")}`}
          label={`${labels[value]} (${value})`}
          checked={chosen.includes(value)}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            onChange(checked ? [...chosen.filter((v) => v !== value), value] : chosen.filter((v) => v !== value));
          }}
        />
      ))}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
