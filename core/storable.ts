/**
 * Text the database can store. PostgreSQL refuses a NUL character in text and in JSON, and refuses (in
 * JSON) or silently replaces (in text) a lone UTF-16 surrogate, half of a character that never reached us
 * whole. Every string field refuses both with one message, in the browser and on the server alike.
 */
import { z } from "zod";
import { EN } from "./i18n/en";

/** The one message, in English; a schema built in another language carries its own (core/i18n). */
export const UNSTORABLE_TEXT_MESSAGE = EN["form.text.unstorable"];

/** In `u` mode a well-formed pair is one code point, so this matches only a surrogate standing alone. */
const LONE_SURROGATE = /\p{Cs}/u;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** The refinement every string field carries. */
export function storable<S extends z.ZodString>(schema: S, message: string = UNSTORABLE_TEXT_MESSAGE): S {
  return schema.refine(isStorableText, message);
}

/** `z.string(params)` that refuses what the database cannot store (with `unstorable`, the message in her language). */
export function text(params?: Parameters<typeof z.string>[0], unstorable?: string): z.ZodString {
  return storable(z.string(params), unstorable);
}
