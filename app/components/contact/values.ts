/** The contact form's values (shared with its validator, ../forms/schema-resolvers): its shown catalogue fields and the honeypot. */
import type { CONTACT_FIELDS, FormValuesOf } from "#core/fields";

export type ContactFormValues = FormValuesOf<typeof CONTACT_FIELDS> & { website: string };
