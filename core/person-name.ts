/**
 * Characters a person's name may not hold: text-direction controls (they make a name read differently
 * in the admin and in staff alerts than it is stored, "Maya\u202Egnp.exe"), zero-width characters (two
 * names that look the same but differ) and control characters. Refused with one message by the forms and
 * the server alike. Zero-width joiners are refused too, although a few scripts use them inside words:
 * a name typed with one can be typed with a space or without it.
 */
import { EN } from "./i18n/en";

/** The one message, in English; a schema built in another language carries its own (core/i18n). */
export const NAME_CONTROL_MESSAGE = EN["form.name.controls"];

/**
 * C0 and C1 controls, the Arabic letter mark, LRM/RLM, the bidi embeddings, overrides and isolates,
 * zero-width space, non-joiner and joiner, word joiner, invisible operators and the byte-order mark
 * (NUL is left to the storable-text rule, core/storable.ts, so it keeps its one message).
 */
const HIDDEN_RANGES: readonly (readonly [number, number])[] = [
  [0x0001, 0x001f],
  [0x007f, 0x009f],
  [0x061c, 0x061c],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

export function hasNoNameControls(value: string): boolean {
  for (const character of value) {
    const point = character.codePointAt(0) ?? 0;
    if (HIDDEN_RANGES.some(([from, to]) => point >= from && point <= to)) return false;
  }
  return true;
}
