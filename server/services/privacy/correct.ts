/**
 * Correction of an application or a contact message. The stored record and the requested changes are merged and
 * parsed with the very schema of the public form (core/validation.ts), so a correction is refused with the form's
 * own messages. Only the fields that change are written; the audit trail names them, never their values.
 */
import { APPLICATION_FIELDS, CONTACT_FIELDS, correctableFields } from "#core/fields";
import type { ApplicationData, ContactData } from "#core/validation";
import type { Application, ContactMessage } from "../../db/schema";
import { applicationColumns, contactColumns } from "../record-values";

/** The catalogue's correctable fields (core/fields.ts). */
export const CORRECTABLE_APPLICATION_FIELDS = correctableFields(APPLICATION_FIELDS);

/** Every column of the contact form may be corrected. */
export const CORRECTABLE_CONTACT_FIELDS = correctableFields(CONTACT_FIELDS);

type ApplicationField = (typeof CORRECTABLE_APPLICATION_FIELDS)[number];
type ContactField = (typeof CORRECTABLE_CONTACT_FIELDS)[number];

/**
 * The names in a correction's body that are not correctable fields of the record: refused with a message each,
 * never silently left out (a correction that changed nothing must not read as done).
 */
export function uncorrectableErrors(fields: readonly string[], patch: unknown): Record<string, string[]> | undefined {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) return { _: ["A correction is an object of fields"] };
  const refused = Object.keys(patch).filter((name) => !fields.includes(name));
  if (refused.length === 0) return undefined;
  return Object.fromEntries(refused.map((name) => [name, [`${name} cannot be corrected`]]));
}

function pickPatch<K extends string>(fields: readonly K[], patch: unknown): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  if (typeof patch !== "object" || patch === null) return out;
  for (const field of fields) {
    if (Object.hasOwn(patch, field)) out[field] = (patch as Record<string, unknown>)[field];
  }
  return out;
}

/** A stored row as form input (absent values as undefined, as the form leaves them). */
function storedValues<K extends string>(row: Record<K, unknown>, fields: readonly K[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = row[field] ?? undefined;
  return out;
}

/** The form input for an application: the stored values with the patch's fields laid over them. */
export function applicationCandidate(row: Application, patch: unknown): Record<string, unknown> {
  return {
    ...storedValues(row, [...CORRECTABLE_APPLICATION_FIELDS, "formSource"]),
    ...pickPatch(CORRECTABLE_APPLICATION_FIELDS, patch),
  };
}

export function contactCandidate(row: ContactMessage, patch: unknown): Record<string, unknown> {
  return { ...storedValues(row, CORRECTABLE_CONTACT_FIELDS), ...pickPatch(CORRECTABLE_CONTACT_FIELDS, patch) };
}

/** The column values that differ between the stored row and the parsed correction. */
export function applicationChanges(row: Application, data: ApplicationData): Partial<Pick<Application, ApplicationField>> {
  return diff(CORRECTABLE_APPLICATION_FIELDS, row, applicationColumns(data));
}

export function contactChanges(row: ContactMessage, data: ContactData): Partial<Pick<ContactMessage, ContactField>> {
  return diff(CORRECTABLE_CONTACT_FIELDS, row, contactColumns(data));
}

function diff<K extends string, T extends Record<K, unknown>>(fields: readonly K[], before: T, after: Pick<T, K>): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const field of fields) {
    if (before[field] !== after[field]) out[field] = after[field];
  }
  return out;
}
