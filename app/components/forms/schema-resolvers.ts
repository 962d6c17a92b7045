/**
 * The browser forms' validators: the shared schemas of core/validation behind react-hook-form
 * resolvers. Loaded as a chunk of its own when a visitor first focuses or submits a form, so the
 * validator is not part of any page's first load (see ./lazy-resolver).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import { applicationSchema, contactSchema } from "#core/validation";
import type { ContactFormValues } from "../contact/values";
import type { SignupFormValues } from "../signup-form/payload";

const rawSignup = zodResolver(applicationSchema, undefined, { raw: true });
const rawContact = zodResolver(contactSchema, undefined, { raw: true });

/** The shared schema checks the form's text values exactly as the server will check the request. */
export const signupResolver: Resolver<SignupFormValues> = async (values, context, options) => {
  const result = await rawSignup(values, context, { ...options, names: options.names, fields: options.fields });
  return Object.keys(result.errors).length ? { values: {}, errors: result.errors as FieldErrors<SignupFormValues> } : { values, errors: {} };
};

export const contactResolver: Resolver<ContactFormValues> = async (values, context, options) => {
  const result = await rawContact(values, context, { ...options, names: options.names, fields: options.fields });
  return Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as FieldErrors<ContactFormValues> }
    : { values, errors: {} };
};
