/**
 * Correction of an application or a contact message. The stored record and the requested changes are merged and
 * parsed with the very schema of the public form (core/validation.ts), so a correction is refused with the form's
 * own messages. Only the fields that change are written; the audit trail names them, never their values.
 */
import type { ApplicationData, ContactData } from "#core/validation";
import type { Application, ContactMessage } from "../../db/schema";

export const CORRECTABLE_APPLICATION_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "age",
  "state",
  "phone",
  "zipCode",
  "interestLevel",
  "interestLevelOther",
  "marketing_consent",
] as const;

export const CORRECTABLE_CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "reason", "subject", "message"] as const;

type ApplicationField = (typeof CORRECTABLE_APPLICATION_FIELDS)[number];
type ContactField = (typeof CORRECTABLE_CONTACT_FIELDS)[number];

function pickPatch<K extends string>(fields: readonly K[], patch: unknown): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  if (typeof patch !== "object" || patch === null) return out;
  for (const field of fields) {
    if (Object.hasOwn(patch, field)) out[field] = (patch as Record<string, unknown>)[field];
  }
  return out;
}

/** The form input for an application: the stored values with the patch's fields laid over them. */
export function applicationCandidate(row: Application, patch: unknown): Record<string, unknown> {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    age: row.age,
    state: row.state,
    phone: row.phone ?? undefined,
    zipCode: row.zipCode ?? undefined,
    interestLevel: row.interestLevel,
    interestLevelOther: row.interestLevelOther ?? undefined,
    formSource: row.formSource,
    marketing_consent: row.marketing_consent,
    ...pickPatch(CORRECTABLE_APPLICATION_FIELDS, patch),
  };
}

export function contactCandidate(row: ContactMessage, patch: unknown): Record<string, unknown> {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone ?? undefined,
    reason: row.reason,
    subject: row.subject,
    message: row.message,
    ...pickPatch(CORRECTABLE_CONTACT_FIELDS, patch),
  };
}


/** The column values that differ between the stored row and the parsed correction. */
export function applicationChanges(row: Application, data: ApplicationData): Partial<Pick<Application, ApplicationField>> {
  const next: Pick<Application, ApplicationField> = {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    age: data.age,
    state: data.state,
    phone: data.phone ?? null,
    zipCode: data.zipCode,
    interestLevel: data.interestLevel,
    interestLevelOther: data.interestLevelOther ?? null,
    marketing_consent: data.marketing_consent,
  };
  return diff(CORRECTABLE_APPLICATION_FIELDS, row, next);
}

export function contactChanges(row: ContactMessage, data: ContactData): Partial<Pick<ContactMessage, ContactField>> {
  const next: Pick<ContactMessage, ContactField> = {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone ?? null,
    reason: data.reason,
    subject: data.subject,
    message: data.message,
  };
  return diff(CORRECTABLE_CONTACT_FIELDS, row, next);
}

function diff<K extends string, T extends Record<K, unknown>>(fields: readonly K[], before: T, after: T): Partial<T> {
  const out: Partial<T> = {};
  for (const field of fields) {
    if (before[field] !== after[field]) out[field] = after[field];
  }
  return out;
}
