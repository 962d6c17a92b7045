/**
 * Postcodes of every country the public form lists (core/options.ts COUNTRIES), checked by a maintained
 * library (postcode-validator, by ISO 3166-1 code). A US state keeps the specification's ZIP rules (5 digits,
 * docs/requirements.md §5). Each country's message names its format with an example; a country without
 * postcodes (the library knows none, or its format allows none) takes an empty answer. What she typed is
 * stored as typed (trimmed): never reformatted.
 */
import { postcodeValidator } from "postcode-validator";
import { type Translator, translator } from "./i18n/catalogue";
import { EN, type MessageKey } from "./i18n/en";
import { LANGUAGE_LOCALES } from "./i18n/languages";
import { LIMITS } from "./limits";
import { COUNTRIES, COUNTRY_CODES, US_STATES } from "./options";

const ENGLISH = translator("en", EN);

type Country = (typeof COUNTRIES)[number];

/** A postcode of each country's format (null: the country has no postcodes). */
const POSTCODE_EXAMPLES: Readonly<Record<Country, string | null>> = {
  Afghanistan: "1001",
  Albania: "1001",
  Algeria: "16000",
  Argentina: "C1425ABC",
  Armenia: "0010",
  Australia: "2000",
  Austria: "1010",
  Azerbaijan: "1000",
  Bahamas: null,
  Bahrain: "317",
  Bangladesh: "1000",
  Belarus: "220030",
  Belgium: "1000",
  Bolivia: null,
  "Bosnia and Herzegovina": "71000",
  Brazil: "01310-100",
  Bulgaria: "1000",
  Cambodia: "12000",
  Canada: "K1A 0B1",
  Chile: "8320000",
  China: "100000",
  Colombia: "110111",
  "Costa Rica": "10101",
  Croatia: "10000",
  Cuba: "10400",
  Cyprus: "1010",
  "Czech Republic": "110 00",
  Denmark: "1050",
  "Dominican Republic": "10101",
  Ecuador: "170150",
  Egypt: "11511",
  "El Salvador": "CP 1101",
  Estonia: "10111",
  Ethiopia: "1000",
  Finland: "00100",
  France: "75001",
  Georgia: "0105",
  Germany: "10115",
  Ghana: null,
  Greece: "105 57",
  Guatemala: "01001",
  Honduras: "11101",
  "Hong Kong": null,
  Hungary: "1051",
  Iceland: "101",
  India: "110001",
  Indonesia: "10110",
  Iran: "11936-53471",
  Iraq: "10001",
  Ireland: "D02 X285",
  Israel: "6100000",
  Italy: "00184",
  Jamaica: null,
  Japan: "100-0001",
  Jordan: "11118",
  Kazakhstan: "010000",
  Kenya: "00100",
  Kuwait: "13001",
  Latvia: "LV-1050",
  Lebanon: "1107 2020",
  Lithuania: "LT-01100",
  Luxembourg: "L-1009",
  Malaysia: "50450",
  Mexico: "06000",
  Morocco: "10000",
  Nepal: "44600",
  Netherlands: "1012 AB",
  "New Zealand": "6011",
  Nigeria: "100001",
  Norway: "0150",
  Pakistan: "44000",
  Panama: "0801",
  Peru: "15001",
  Philippines: "1000",
  Poland: "00-950",
  Portugal: "1100-148",
  Qatar: null,
  Romania: "010011",
  Russia: "101000",
  "Saudi Arabia": "11564",
  Singapore: "018956",
  "South Africa": "8001",
  "South Korea": "03187",
  Spain: "28013",
  Sweden: "114 55",
  Switzerland: "8001",
  Taiwan: "100",
  Thailand: "10200",
  Turkey: "34000",
  Ukraine: "01001",
  "United Arab Emirates": null,
  "United Kingdom": "SW1A 1AA",
  Uruguay: "11000",
  Venezuela: "1010",
  Vietnam: "100000",
};

/** Each country's ISO code (core/options.ts) and a postcode of its format (null: the country has no postcodes). */
export const COUNTRY_POSTCODES: Readonly<Record<Country, { code: string; example: string | null }>> = Object.fromEntries(
  COUNTRIES.map((country) => [country, { code: COUNTRY_CODES[country], example: POSTCODE_EXAMPLES[country] }]),
) as Record<Country, { code: string; example: string | null }>;

const US = new Set<string>(US_STATES);

/** Whether the answer for this state or country may be left empty. */
export function postcodeOptional(state: string): boolean {
  const country = COUNTRY_POSTCODES[state as Country];
  return country !== undefined && (country.example === null || postcodeValidator("", country.code));
}

/** The specification's ZIP rules for a US state (docs/requirements.md §5). */
function zipProblem(postcode: string | undefined, tr: Translator<MessageKey>): string | undefined {
  if (!postcode) return tr.t("form.zipCode.required");
  if (postcode.length !== LIMITS.zipLength) return tr.t("form.zipCode.length", { length: LIMITS.zipLength });
  return /^\d*$/.test(postcode) ? undefined : tr.t("form.zipCode.digits");
}

/** A country as the message's language names it: the form's English name, else the name Intl gives its code. */
function countryName(state: string, code: string, tr: Translator<MessageKey>): string {
  if (tr.language === "en") return state;
  return new Intl.DisplayNames([LANGUAGE_LOCALES[tr.language]], { type: "region", fallback: "none" }).of(code) ?? state;
}

function countryProblem(state: string, postcode: string | undefined, tr: Translator<MessageKey>): string | undefined {
  const country = COUNTRY_POSTCODES[state as Country];
  if (!postcode) return postcodeOptional(state) ? undefined : tr.t("form.postcode.required");
  if (country.example === null) return undefined;
  return postcodeValidator(postcode, country.code)
    ? undefined
    : tr.t("form.postcode.format", { country: countryName(state, country.code, tr), example: country.example });
}

/**
 * The message for a postcode that does not fit the state or country chosen, or undefined when it fits. Before a
 * state or country is chosen (or for one not listed) the US rules apply, as the form starts with US states. A
 * name that is both a state and a country (Georgia) takes a postcode of either. The message is in the language of
 * `tr` (English by default).
 */
export function postcodeProblem(
  state: string | undefined,
  postcode: string | undefined,
  tr: Translator<MessageKey> = ENGLISH,
): string | undefined {
  const isCountry = state !== undefined && Object.hasOwn(COUNTRY_POSTCODES, state);
  if (!isCountry) return zipProblem(postcode, tr);
  const asCountry = countryProblem(state, postcode, tr);
  if (!US.has(state)) return asCountry;
  const asState = zipProblem(postcode, tr);
  return asState && asCountry ? asState : undefined;
}
