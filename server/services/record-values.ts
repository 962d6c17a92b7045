/**
 * Form values → row columns, for applications and contact messages: the one mapping used when a
 * submission is stored (./submissions) and when a privacy correction is written (./privacy/correct).
 * Only the named fields reach a row: nothing else from a request is ever stored.
 */
import type { ApplicationData, ContactData } from "#core/validation";
import type { Application, ContactMessage } from "../db/schema";

/** The application columns its form fills, in the order the insert names them. */
export const APPLICATION_FORM_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "age",
  "state",
  "phone",
  "zipCode",
  "interestLevel",
  "interestLevelOther",
  "formSource",
  "marketing_consent",
  "traffic_source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referrer_url",
  "landing_path",
  "browser_language",
  "timezone",
  "event_id",
  "tracking_consent",
] as const satisfies readonly (keyof Application)[];

export type ApplicationFormColumns = Pick<Application, (typeof APPLICATION_FORM_COLUMNS)[number]>;

/** The named columns of a parsed form, an absent optional answer stored as null. */
function pickColumns<Row>(columns: readonly string[], data: object): Row {
  const values = data as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const column of columns) row[column] = values[column] ?? null;
  return row as Row;
}

export function applicationColumns(data: ApplicationData): ApplicationFormColumns {
  return pickColumns<ApplicationFormColumns>(APPLICATION_FORM_COLUMNS, data);
}

/** The contact message columns its form fills, in the order the insert names them. */
export const CONTACT_FORM_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "reason",
  "subject",
  "message",
] as const satisfies readonly (keyof ContactMessage)[];

export type ContactFormColumns = Pick<ContactMessage, (typeof CONTACT_FORM_COLUMNS)[number]>;

export function contactColumns(data: ContactData): ContactFormColumns {
  return pickColumns<ContactFormColumns>(CONTACT_FORM_COLUMNS, data);
}
