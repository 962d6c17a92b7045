/**
 * The browser forms' validators: the shared schemas of core/validation behind react-hook-form
 * resolvers. Loaded as a chunk of its own when a visitor first focuses or submits a form, so the
 * validator is not part of any page's first load (see ./lazy-resolver).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver, ResolverOptions, ResolverResult } from "react-hook-form";
import type { Message } from "#core/i18n/catalogue";
import type { MessageKey } from "#core/i18n/en";
import type { Language } from "#core/i18n/languages";
import { applicationSchema, contactSchema, submissionSchemasIn } from "#core/validation";

/**
 * The shared schema checks the form's text values exactly as the server will check the request. Generic in
 * the form's values, so this folder needs no form's types (each form names its own when it picks one).
 */
function checkedBy<V extends FieldValues>(raw: Resolver<V>) {
  return async function resolve<T extends FieldValues>(values: T, context: unknown, options: ResolverOptions<T>): Promise<ResolverResult<T>> {
    const result = await raw(values as unknown as V, context, { ...options, names: options.names, fields: options.fields } as unknown as ResolverOptions<V>);
    return Object.keys(result.errors).length ? { values: {}, errors: result.errors as FieldErrors<T> } : { values, errors: {} };
  };
}

export const signupResolver = checkedBy(zodResolver(applicationSchema, undefined, { raw: true }));
export const contactResolver = checkedBy(zodResolver(contactSchema, undefined, { raw: true }));

type Resolvers = { signup: typeof signupResolver; contact: typeof contactResolver };
const inLanguage = new Map<Language, Resolvers>();

/** The same validators with the messages of another language (a Spanish page's forms, ADR 0113), made once each. */
export function resolversIn(language: Language, messages: Readonly<Record<MessageKey, Message>>): Resolvers {
  let made = inLanguage.get(language);
  if (!made) {
    const schemas = submissionSchemasIn(language, messages);
    made = {
      signup: checkedBy(zodResolver(schemas.application, undefined, { raw: true })),
      contact: checkedBy(zodResolver(schemas.contact, undefined, { raw: true })),
    };
    inLanguage.set(language, made);
  }
  return made;
}
