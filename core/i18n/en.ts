/**
 * The English catalogue, the reference every other language follows key for key (ADR 0110; checked by
 * catalogue.test.ts). Started with the messages of the public forms' schemas (core/validation.ts), the text of
 * docs/requirements.md §5; the pages and the emails join it as they are translated.
 */
import type { Catalogue } from "./catalogue";

export const EN = {
  "form.invalid": "Validation failed",
  "form.firstName.required": "First name is required",
  "form.firstName.min": { plural: "min", one: "First name must be at least {min} character", other: "First name must be at least {min} characters" },
  "form.firstName.max": "First name must be {max} characters or less",
  "form.lastName.required": "Last name is required",
  "form.lastName.min": { plural: "min", one: "Last name must be at least {min} character", other: "Last name must be at least {min} characters" },
  "form.lastName.max": "Last name must be {max} characters or less",
  "form.name.controls": "Names cannot contain invisible or text-direction control characters: please retype the name",
  "form.text.unstorable": "Contains a character we cannot save (a NUL or a broken Unicode character): please retype it",
  "form.email.required": "Email is required",
  "form.email.max": "Email must be {max} characters or less",
  "form.email.invalid": "Please enter a valid email address",
  "form.phone.invalid": "Please enter a valid phone number",
  "form.phone.max": "Phone number must be {max} characters or less",
  "form.age.required": "Age is required",
  "form.age.number": "Age must be a number",
  "form.age.whole": "Age must be a whole number",
  "form.age.min": "Must be at least {min} years old",
  "form.age.invalid": "Please enter a valid age",
  "form.state.required": "Please select a state",
  "form.zipCode.text": "Zip code must be text",
  "form.zipCode.max": "Zip code must be {max} characters or less",
  "form.zipCode.invalid": "Zip code is invalid",
  "form.zipCode.required": "Zip code is required",
  "form.zipCode.length": "Zip code must be exactly {length} digits",
  "form.zipCode.digits": "Zip code must contain only numbers",
  "form.postcode.required": "Postcode is required",
  "form.postcode.format": "Postcode must match the {country} format, for example {example}",
  "form.interestLevel.required": "Please select your interest level",
  "form.interestLevelOther.required": "Please specify your interest level",
  "form.interestLevelOther.max": "Response must be {max} characters or less",
  "form.formSource.invalid": "Invalid form source",
  "form.marketingConsent.invalid": "Marketing consent must be true or false",
  "form.preferredLanguage.invalid": 'Language must be "en" (English) or "es" (Spanish)',
  "form.reason.required": "Please select a reason for contacting us",
  "form.subject.required": "Subject is required",
  "form.subject.max": "Subject must be {max} characters or less",
  "form.message.min": { plural: "min", one: "Message must be at least {min} character long", other: "Message must be at least {min} characters long" },
  "form.message.max": "Message must be {max} characters or less",
} as const satisfies Catalogue;

/** A message of the catalogues. */
export type MessageKey = keyof typeof EN;
