/** The contact form's values (shared with its validator, ../forms/schema-resolvers). */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  reason: string;
  subject: string;
  message: string;
  website: string;
}
