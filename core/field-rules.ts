/**
 * Validation rules declared in the field catalogue (core/fields.ts, `rule`): a plain form answer, free
 * text up to a length or one of a list of options, needs no hand-written schema. `core/validation.ts`
 * spreads these into the form schemas beside the fields whose rules are its own (email, age, zip code…).
 * A `flag` is an optional yes/no. Messages follow the form's wording: "<Label> is required", "<Label> must be N characters or less",
 * "Please choose <label>" (or "an answer" for a question).
 */
import { z } from "zod";
import { type Catalogue, type FieldDef, type FieldRule, formLabel } from "./fields";
import { text } from "./storable";

type RuleOf<D> = D extends { rule: infer R extends FieldRule } ? R : never;
type RuleValue<R> = R extends { kind: "choice"; options: readonly (infer O)[] } ? O : R extends { kind: "flag" } ? boolean : string;
/** A required answer is a value; an optional one is an optional key of the parsed object, as z.object reads `.optional()`. */
type RuleSchema<R> = R extends { required: true } ? z.ZodType<RuleValue<R>> : z.ZodOptional<z.ZodType<RuleValue<R>>>;

/** The fields of a catalogue that declare their rule. */
export type RuledFieldOf<C extends Catalogue> = { [K in keyof C & string]: C[K] extends { rule: FieldRule } ? K : never }[keyof C & string];

export type DeclaredRules<C extends Catalogue> = { [K in RuledFieldOf<C>]: RuleSchema<RuleOf<C[K]>> };

/** Blank text (or null) reads as "not answered"; other text is trimmed. */
const blankToUndefined = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

export function ruleOf(def: FieldDef, rule: FieldRule): z.ZodType {
  const label = formLabel(def);
  if (rule.kind === "flag") {
    return z.preprocess((value) => (value === null ? undefined : value), z.boolean({ error: `${label} must be yes or no` }).optional());
  }
  const required = `${label} is required`;
  const answer =
    rule.kind === "text"
      ? text({ error: (issue) => (issue.input === undefined ? required : `${label} must be text`) }).max(
          rule.max,
          `${label} must be ${rule.max} characters or less`,
        )
      : z.enum(rule.options as readonly [string, ...string[]], {
          // A question for a label ("How did you hear about us?") reads as "Please choose an answer".
          error: (issue) =>
            issue.input === undefined && rule.required ? required : `Please choose ${label.endsWith("?") ? "an answer" : label.toLowerCase()}`,
        });
  return z.preprocess(blankToUndefined, rule.required ? answer : answer.optional());
}

/** The declared rules of a catalogue's fields, keyed by field name. */
export function declaredRules<C extends Catalogue>(catalogue: C): DeclaredRules<C> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(catalogue)) {
    if (def.rule) out[name] = ruleOf(def, def.rule);
  }
  return out as DeclaredRules<C>;
}
