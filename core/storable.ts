/**
 * Text the database can store. PostgreSQL refuses a NUL character in text and in JSON, and refuses (in
 * JSON) or silently replaces (in text) a lone UTF-16 surrogate, half of a character that never reached us
 * whole. Every string field refuses both with one message, in the browser and on the server alike.
 */
import { z } from "zod";

export const UNSTORABLE_TEXT_MESSAGE =
  "Contains a character we cannot save (a NUL or a broken Unicode character): please retype it";

/** In `u` mode a well-formed pair is one code point, so this matches only a surrogate standing alone. */
const LONE_SURROGATE = /\p{Cs}/u;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** The refinement every string field carries. */
export function storable<S extends z.ZodString>(schema: S): S {
  return schema.refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

/** `z.string(params)` that refuses what the database cannot store. */
export function text(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return storable(z.string(params));
}
