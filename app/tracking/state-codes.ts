/** Two-letter codes of the US states, the form enhanced matching expects for `st`. */
import type { US_STATES } from "#core/options";

const CODES: Record<(typeof US_STATES)[number], string> = {
  Alabama: "al", Alaska: "ak", Arizona: "az", Arkansas: "ar", California: "ca", Colorado: "co",
  Connecticut: "ct", Delaware: "de", Florida: "fl", Georgia: "ga", Hawaii: "hi", Idaho: "id",
  Illinois: "il", Indiana: "in", Iowa: "ia", Kansas: "ks", Kentucky: "ky", Louisiana: "la", Maine: "me",
  Maryland: "md", Massachusetts: "ma", Michigan: "mi", Minnesota: "mn", Mississippi: "ms", Missouri: "mo",
  Montana: "mt", Nebraska: "ne", Nevada: "nv", "New Hampshire": "nh", "New Jersey": "nj", "New Mexico": "nm",
  "New York": "ny", "North Carolina": "nc", "North Dakota": "nd", Ohio: "oh", Oklahoma: "ok", Oregon: "or",
  Pennsylvania: "pa", "Rhode Island": "ri", "South Carolina": "sc", "South Dakota": "sd", Tennessee: "tn",
  Texas: "tx", Utah: "ut", Vermont: "vt", Virginia: "va", Washington: "wa", "West Virginia": "wv",
  Wisconsin: "wi", Wyoming: "wy",
};

/** The code of a US state name; undefined for a country or anything else. */
export function stateCode(state: string): string | undefined {
  return Object.hasOwn(CODES, state) ? CODES[state as keyof typeof CODES] : undefined;
}
