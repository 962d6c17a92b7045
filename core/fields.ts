/**
 * The field catalogue: every stored field of an application and of a contact message, declared once.
 * The staff lists' SQL select and row schema, the CSV columns, the record page, the correction dialog,
 * the privacy views and the public forms' labels and payload all read these entries; the database
 * columns themselves are the Drizzle schema (server/db/schema.ts), checked against this catalogue at
 * compile time (server/services/record-values.ts). Plain data, no validator: the browser's small
 * bundles may import it.
 *
 * The order of the entries is the order of the CSV columns and, within each group, of the record page.
 */
import { languageLabel } from "./i18n/languages";
import { contactReasonLabel, trafficSourceLabel } from "./options";
import { isStage, STAGE_LABELS } from "./pipeline/stages";

/** How a value travels and is shown: text, a whole number, yes/no, an instant (ISO 8601), a record id, a JSON object. */
export type FieldType = "text" | "integer" | "boolean" | "instant" | "uuid" | "json";

/** Where a field stands on the record page (none: not shown as a field). */
export type RecordGroup = "application" | "consent" | "attribution" | "message";

/**
 * The control the correction dialog draws for a correctable field. A field with a declared `rule` needs none:
 * its control follows from the rule (`correctionControl`); the others name theirs.
 */
export type CorrectionControl = "text" | "email" | "number" | "textarea" | "checkbox" | "choice" | "state" | "interest" | "reason";

/**
 * The rule of a plain form answer, declared here instead of written in core/validation.ts
 * (core/field-rules.ts builds it): free text up to `max` characters (on several lines when `multiline`),
 * one of `options` (a list from core/options.ts), or a yes/no tick box (`flag`). A shown field with a rule
 * is drawn by the public form from this entry alone (app/components/forms/catalogue-fields.tsx), and
 * corrected with the control its rule implies.
 */
export type FieldRule =
  | { kind: "text"; max: number; required?: boolean; multiline?: boolean }
  | { kind: "choice"; options: readonly [string, ...string[]]; required?: boolean }
  | { kind: "flag" };

export interface FieldDef {
  type: FieldType;
  /** The stored value may be absent (null on the wire). */
  nullable?: boolean;
  /** What staff read on the record page. */
  label: string;
  /** The public form's label, where it differs from `label` (also the correction dialog's, unless that has its own). */
  formLabel?: string;
  /** The correction dialog's label, where it differs from `formLabel ?? label`. */
  correctionLabel?: string;
  /** The header of its CSV column; absent: not exported. */
  csv?: string;
  /** Its section on the record page; absent: not shown as a field there. */
  group?: RecordGroup;
  /** The public form sends it and a submission stores it: from a control the person fills ("shown"), or added by the form's code ("hidden"). */
  form?: "shown" | "hidden";
  /** An answer a person typed or chose in the form: it never leaves the product in an email or an advertising (pixel) event. */
  answer?: boolean;
  /**
   * Staff may correct it (privacy: right to correction). `control` and `required` default to what the
   * field's `rule` implies (`correctionControl`, `correctionRequired`).
   */
  correction?: { control?: CorrectionControl; required?: boolean };
  /** Stored and given to the person in a privacy export, but never sent to the admin's lists or record pages. */
  privateToServer?: boolean;
  /** A form answer's rule, where core/validation.ts has none of its own for it (see FieldRule). */
  rule?: FieldRule;
  /** How the value reads in a CSV cell or on the record page, where it is not the value itself. */
  display?: "yesNo" | "contactReason" | "json" | "stage" | "trafficSource" | "language";
}

export type Catalogue = Readonly<Record<string, FieldDef>>;

export const APPLICATION_FIELDS = {
  id: { type: "uuid", label: "Id" },
  firstName: { type: "text", label: "First name", csv: "First Name", group: "application", form: "shown", correction: { control: "text", required: true } },
  lastName: { type: "text", label: "Last name", csv: "Last Name", group: "application", form: "shown", correction: { control: "text", required: true } },
  email: { type: "text", label: "Email", csv: "Email", group: "application", form: "shown", correction: { control: "email", required: true } },
  age: { type: "integer", label: "Age", csv: "Age", group: "application", form: "shown", answer: true, correction: { control: "number", required: true } },
  state: {
    type: "text",
    label: "State",
    correctionLabel: "State or country",
    csv: "State",
    group: "application",
    form: "shown",
    correction: { control: "state", required: true },
  },
  phone: { type: "text", nullable: true, label: "Phone", csv: "Phone", group: "application", form: "shown", answer: true, correction: { control: "text" } },
  zipCode: { type: "text", nullable: true, label: "Zip code", csv: "Zip Code", group: "application", form: "shown", answer: true, correction: { control: "text", required: true } },
  interestLevel: {
    type: "text",
    label: "Interest level",
    csv: "Interest Level",
    group: "application",
    form: "shown",
    answer: true,
    correction: { control: "interest", required: true },
  },
  interestLevelOther: {
    type: "text",
    nullable: true,
    label: "Interest level (other)",
    formLabel: "Please specify",
    csv: "Interest Level Other",
    group: "application",
    form: "shown",
    answer: true,
    correction: { control: "textarea" },
  },
  formSource: { type: "text", label: "Form source", csv: "Form Source", group: "application", form: "hidden" },
  // The language she applied in (ADR 0110): the body's, else her browser's; staff read it by its own name.
  preferred_language: { type: "text", label: "Language", csv: "Language", group: "application", form: "hidden", display: "language" },
  marketing_consent: {
    type: "boolean",
    label: "Marketing consent",
    formLabel: "Updates",
    correctionLabel: "Agrees to marketing emails",
    csv: "Marketing Consent",
    group: "consent",
    form: "shown",
    correction: { control: "checkbox" },
    display: "yesNo",
  },
  submitted_at: { type: "instant", label: "Submitted", csv: "Submitted Date", group: "application" },
  traffic_source: { type: "text", nullable: true, label: "Traffic source", csv: "Traffic Source", group: "attribution", form: "hidden", display: "trafficSource" },
  utm_source: { type: "text", nullable: true, label: "UTM source", csv: "UTM Source", group: "attribution", form: "hidden" },
  utm_medium: { type: "text", nullable: true, label: "UTM medium", csv: "UTM Medium", group: "attribution", form: "hidden" },
  utm_campaign: { type: "text", nullable: true, label: "UTM campaign", csv: "UTM Campaign", group: "attribution", form: "hidden" },
  referrer_url: { type: "text", nullable: true, label: "Referrer URL", csv: "Referrer URL", group: "attribution", form: "hidden" },
  landing_path: { type: "text", nullable: true, label: "Landing path", csv: "Landing Path", group: "attribution", form: "hidden" },
  browser_language: { type: "text", nullable: true, label: "Browser language", csv: "Browser Language", group: "attribution", form: "hidden" },
  timezone: { type: "text", nullable: true, label: "Time zone", csv: "Time Zone", group: "attribution", form: "hidden" },
  event_id: { type: "text", nullable: true, label: "Event id", group: "attribution", form: "hidden" },
  tracking_consent: { type: "text", nullable: true, label: "Tracking consent", csv: "Tracking Consent", group: "consent", form: "hidden" },
  // The pilot's selection (core/pipeline): set by staff moves, never by the form.
  stage: { type: "text", label: "Stage", csv: "Stage", display: "stage" },
  stage_changed_at: { type: "instant", label: "In stage since", csv: "In Stage Since" },
  owner: { type: "text", nullable: true, label: "Owner", csv: "Owner" },
  eligible: { type: "boolean", label: "Eligible", csv: "Eligible", display: "yesNo" },
  waitlist_rank: { type: "integer", nullable: true, label: "Waitlist order" },
  page_links_revoked_at: { type: "instant", nullable: true, label: "Page links revoked" },
  reminder_emails: { type: "boolean", label: "Reminder emails", display: "yesNo" },
  consult_invited_at: { type: "instant", nullable: true, label: "Invited to book a consult" },
  fbc: { type: "text", nullable: true, label: "Meta click identifier", privateToServer: true },
  fbp: { type: "text", nullable: true, label: "Meta browser identifier", privateToServer: true },
} as const satisfies Catalogue;

export const CONTACT_FIELDS = {
  id: { type: "uuid", label: "Id" },
  firstName: { type: "text", label: "First name", csv: "First Name", group: "message", form: "shown", correction: { control: "text", required: true } },
  lastName: { type: "text", label: "Last name", csv: "Last Name", group: "message", form: "shown", correction: { control: "text", required: true } },
  email: { type: "text", label: "Email", csv: "Email", group: "message", form: "shown", correction: { control: "email", required: true } },
  phone: { type: "text", nullable: true, label: "Phone", csv: "Phone", group: "message", form: "shown", answer: true, correction: { control: "text" } },
  reason: {
    type: "text",
    label: "Reason",
    csv: "Reason",
    group: "message",
    form: "shown",
    correction: { control: "reason", required: true },
    display: "contactReason",
  },
  subject: { type: "text", label: "Subject", csv: "Subject", group: "message", form: "shown", correction: { control: "text", required: true } },
  message: { type: "text", label: "Message", csv: "Message", group: "message", form: "shown", answer: true, correction: { control: "textarea", required: true } },
  submitted_at: { type: "instant", label: "Submitted", csv: "Submitted Date", group: "message" },
  preferred_language: { type: "text", label: "Language", csv: "Language", group: "message", form: "hidden", display: "language" },
} as const satisfies Catalogue;

/** The audit log's stored fields (not a form: no record page, nothing to correct). */
export const AUDIT_EVENT_FIELDS = {
  id: { type: "uuid", label: "Id" },
  at: { type: "instant", label: "When", csv: "When" },
  actor_username: { type: "text", nullable: true, label: "Actor", csv: "Actor" },
  action: { type: "text", label: "Action", csv: "Action" },
  target_type: { type: "text", nullable: true, label: "Target type", csv: "Target Type" },
  target_id: { type: "text", nullable: true, label: "Target", csv: "Target" },
  client_address: { type: "text", nullable: true, label: "From", csv: "From" },
  detail: { type: "json", nullable: true, label: "Detail", csv: "Detail", display: "json" },
} as const satisfies Catalogue;

export type ApplicationField = keyof typeof APPLICATION_FIELDS;
export type ContactField = keyof typeof CONTACT_FIELDS;

type Entry<C extends Catalogue> = { [K in keyof C & string]: [K, C[K]] }[keyof C & string];

/** The names of a catalogue's fields that pass `keep`, in catalogue order. */
export function fieldNames<C extends Catalogue, K extends keyof C & string = keyof C & string>(
  catalogue: C,
  keep: (def: FieldDef, name: string) => boolean = () => true,
): K[] {
  return (Object.entries(catalogue) as Entry<C>[]).filter(([name, def]) => keep(def, name)).map(([name]) => name as K);
}

/** Names of the fields with `flag` set. */
type Flagged<C extends Catalogue, Flag extends keyof FieldDef> = {
  [K in keyof C & string]: C[K] extends Record<Flag, unknown> ? K : never;
}[keyof C & string];

/** Fields the public form sends and a submission stores. */
export type FormFieldOf<C extends Catalogue> = Flagged<C, "form">;
/** Fields the person fills in the public form. */
export type ShownFieldOf<C extends Catalogue> = { [K in keyof C & string]: C[K] extends { form: "shown" } ? K : never }[keyof C & string];
/** Fields whose declared rule is a yes/no tick box: the form holds them as booleans. */
export type FlagFieldOf<C extends Catalogue> = { [K in keyof C & string]: C[K] extends { rule: { kind: "flag" } } ? K : never }[keyof C & string];
/** What a form holds while the person fills it: text for every shown field, a boolean for a tick box. */
export type FormValuesOf<C extends Catalogue, Box extends string = never> = Record<Exclude<ShownFieldOf<C>, FlagFieldOf<C> | Box>, string> &
  Record<FlagFieldOf<C> | Box, boolean>;
/** Fields staff may correct. */
export type CorrectableFieldOf<C extends Catalogue> = Flagged<C, "correction">;
/** Fields kept from the admin (stored, in the privacy export only). */
export type PrivateFieldOf<C extends Catalogue> = Flagged<C, "privateToServer">;
/** Fields the staff lists and record pages carry. */
export type StaffFieldOf<C extends Catalogue> = Exclude<keyof C & string, PrivateFieldOf<C>>;
/** Fields the staff lists and record pages carry, in catalogue order. */
export const staffFields = <C extends Catalogue>(c: C) => fieldNames<C, StaffFieldOf<C>>(c, (d) => d.privateToServer !== true);

export const formFields = <C extends Catalogue>(c: C) => fieldNames<C, FormFieldOf<C>>(c, (d) => d.form !== undefined);
/** Fields the person fills in the public form, in the order they stand on screen. */
export const shownFormFields = <C extends Catalogue>(c: C) => fieldNames<C, ShownFieldOf<C>>(c, (d) => d.form === "shown");
export const correctableFields = <C extends Catalogue>(c: C) => fieldNames<C, CorrectableFieldOf<C>>(c, (d) => d.correction !== undefined);
/** The form answers: never in an email or an advertising event. */
export const answerFields = <C extends Catalogue>(c: C) => fieldNames(c, (d) => d.answer === true);

/** The value of a field as staff read it in a CSV cell or on the record page (dates are formatted by the caller). */
export function displayValue(def: { display?: string }, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (def.display === "yesNo") return value ? "Yes" : "No";
  if (def.display === "contactReason") return contactReasonLabel(String(value));
  if (def.display === "json") return JSON.stringify(value);
  if (def.display === "stage") return isStage(value) ? STAGE_LABELS[value] : String(value);
  if (def.display === "trafficSource") return trafficSourceLabel(String(value));
  if (def.display === "language") return languageLabel(String(value));
  return typeof value === "number" ? value : String(value);
}

/** Fields the public form draws from their catalogue entry alone: shown, with a declared rule, in catalogue order. */
export const catalogueDrawnFields = <C extends Catalogue>(c: C) =>
  fieldNames<C, ShownFieldOf<C>>(c, (d) => d.form === "shown" && d.rule !== undefined);

/** The correction dialog's control of a field: the one it names, else the one its rule or type implies. */
export function correctionControl(def: FieldDef): CorrectionControl {
  if (def.correction?.control) return def.correction.control;
  if (def.rule?.kind === "choice") return "choice";
  if (def.rule?.kind === "flag" || def.type === "boolean") return "checkbox";
  if (def.rule?.kind === "text") return def.rule.multiline ? "textarea" : "text";
  return def.type === "integer" ? "number" : "text";
}

/** Whether a correction must leave a value: as the entry says, else as the field's rule requires. */
export function correctionRequired(def: FieldDef): boolean {
  if (def.correction?.required !== undefined) return def.correction.required;
  return def.rule !== undefined && def.rule.kind !== "flag" && def.rule.required === true;
}

/** The options of a choice field (its rule's), in their order; none for other fields. */
export const choiceOptions = (def: FieldDef): readonly string[] => (def.rule?.kind === "choice" ? def.rule.options : []);

/** The public form's label of a field, and the correction dialog's. */
export const formLabel = (def: FieldDef): string => def.formLabel ?? def.label;
export const correctionLabel = (def: FieldDef): string => def.correctionLabel ?? formLabel(def);
