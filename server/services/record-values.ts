/**
 * Form values → row columns, for applications and contact messages (the field catalogue's form fields, core/fields.ts): the one mapping used when a
 * submission is stored (./submissions) and when a privacy correction is written (./privacy/correct).
 * Only the named fields reach a row: nothing else from a request is ever stored.
 */
import { APPLICATION_FIELDS, type ApplicationField, CONTACT_FIELDS, type ContactField, formFields } from "#core/fields";
import type { ApplicationData, ContactData } from "#core/validation";
import type { Application, ContactMessage } from "../db/schema";

/** Every stored column is a catalogue field and every catalogue field a stored column (checked at compile time). */
type Exact<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : never;
const catalogueMatchesApplications: Exact<keyof Application, ApplicationField> = true;
const catalogueMatchesContactMessages: Exact<keyof ContactMessage, ContactField> = true;
void [catalogueMatchesApplications, catalogueMatchesContactMessages];

/** The application columns its form fills (the catalogue's form fields), in the order the insert names them. */
export const APPLICATION_FORM_COLUMNS = formFields(APPLICATION_FIELDS) satisfies readonly (keyof Application)[];

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
export const CONTACT_FORM_COLUMNS = formFields(CONTACT_FIELDS) satisfies readonly (keyof ContactMessage)[];

export type ContactFormColumns = Pick<ContactMessage, (typeof CONTACT_FORM_COLUMNS)[number]>;

export function contactColumns(data: ContactData): ContactFormColumns {
  return pickColumns<ContactFormColumns>(CONTACT_FORM_COLUMNS, data);
}
