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
import { COUNTRIES, US_STATES } from "./options";

const ENGLISH = translator("en", EN);

type Country = (typeof COUNTRIES)[number];

/** Each country's ISO code and a postcode of its format (null: the country has no postcodes). */
export const COUNTRY_POSTCODES: Readonly<Record<Country, { code: string; example: string | null }>> = {
  Afghanistan: { code: "AF", example: "1001" },
  Albania: { code: "AL", example: "1001" },
  Algeria: { code: "DZ", example: "16000" },
  Argentina: { code: "AR", example: "C1425ABC" },
  Armenia: { code: "AM", example: "0010" },
  Australia: { code: "AU", example: "2000" },
  Austria: { code: "AT", example: "1010" },
  Azerbaijan: { code: "AZ", example: "1000" },
  Bahamas: { code: "BS", example: null },
  Bahrain: { code: "BH", example: "317" },
  Bangladesh: { code: "BD", example: "1000" },
  Belarus: { code: "BY", example: "220030" },
  Belgium: { code: "BE", example: "1000" },
  Bolivia: { code: "BO", example: null },
  "Bosnia and Herzegovina": { code: "BA", example: "71000" },
  Brazil: { code: "BR", example: "01310-100" },
  Bulgaria: { code: "BG", example: "1000" },
  Cambodia: { code: "KH", example: "12000" },
  Canada: { code: "CA", example: "K1A 0B1" },
  Chile: { code: "CL", example: "8320000" },
  China: { code: "CN", example: "100000" },
  Colombia: { code: "CO", example: "110111" },
  "Costa Rica": { code: "CR", example: "10101" },
  Croatia: { code: "HR", example: "10000" },
  Cuba: { code: "CU", example: "10400" },
  Cyprus: { code: "CY", example: "1010" },
  "Czech Republic": { code: "CZ", example: "110 00" },
  Denmark: { code: "DK", example: "1050" },
  "Dominican Republic": { code: "DO", example: "10101" },
  Ecuador: { code: "EC", example: "170150" },
  Egypt: { code: "EG", example: "11511" },
  "El Salvador": { code: "SV", example: "CP 1101" },
  Estonia: { code: "EE", example: "10111" },
  Ethiopia: { code: "ET", example: "1000" },
  Finland: { code: "FI", example: "00100" },
  France: { code: "FR", example: "75001" },
  Georgia: { code: "GE", example: "0105" },
  Germany: { code: "DE", example: "10115" },
  Ghana: { code: "GH", example: null },
  Greece: { code: "GR", example: "105 57" },
  Guatemala: { code: "GT", example: "01001" },
  Honduras: { code: "HN", example: "11101" },
  "Hong Kong": { code: "HK", example: null },
  Hungary: { code: "HU", example: "1051" },
  Iceland: { code: "IS", example: "101" },
  India: { code: "IN", example: "110001" },
  Indonesia: { code: "ID", example: "10110" },
  Iran: { code: "IR", example: "11936-53471" },
  Iraq: { code: "IQ", example: "10001" },
  Ireland: { code: "IE", example: "D02 X285" },
  Israel: { code: "IL", example: "6100000" },
  Italy: { code: "IT", example: "00184" },
  Jamaica: { code: "JM", example: null },
  Japan: { code: "JP", example: "100-0001" },
  Jordan: { code: "JO", example: "11118" },
  Kazakhstan: { code: "KZ", example: "010000" },
  Kenya: { code: "KE", example: "00100" },
  Kuwait: { code: "KW", example: "13001" },
  Latvia: { code: "LV", example: "LV-1050" },
  Lebanon: { code: "LB", example: "1107 2020" },
  Lithuania: { code: "LT", example: "LT-01100" },
  Luxembourg: { code: "LU", example: "L-1009" },
  Malaysia: { code: "MY", example: "50450" },
  Mexico: { code: "MX", example: "06000" },
  Morocco: { code: "MA", example: "10000" },
  Nepal: { code: "NP", example: "44600" },
  Netherlands: { code: "NL", example: "1012 AB" },
  "New Zealand": { code: "NZ", example: "6011" },
  Nigeria: { code: "NG", example: "100001" },
  Norway: { code: "NO", example: "0150" },
  Pakistan: { code: "PK", example: "44000" },
  Panama: { code: "PA", example: "0801" },
  Peru: { code: "PE", example: "15001" },
  Philippines: { code: "PH", example: "1000" },
  Poland: { code: "PL", example: "00-950" },
  Portugal: { code: "PT", example: "1100-148" },
  Qatar: { code: "QA", example: null },
  Romania: { code: "RO", example: "010011" },
  Russia: { code: "RU", example: "101000" },
  "Saudi Arabia": { code: "SA", example: "11564" },
  Singapore: { code: "SG", example: "018956" },
  "South Africa": { code: "ZA", example: "8001" },
  "South Korea": { code: "KR", example: "03187" },
  Spain: { code: "ES", example: "28013" },
  Sweden: { code: "SE", example: "114 55" },
  Switzerland: { code: "CH", example: "8001" },
  Taiwan: { code: "TW", example: "100" },
  Thailand: { code: "TH", example: "10200" },
  Turkey: { code: "TR", example: "34000" },
  Ukraine: { code: "UA", example: "01001" },
  "United Arab Emirates": { code: "AE", example: null },
  "United Kingdom": { code: "GB", example: "SW1A 1AA" },
  Uruguay: { code: "UY", example: "11000" },
  Venezuela: { code: "VE", example: "1010" },
  Vietnam: { code: "VN", example: "100000" },
};

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
