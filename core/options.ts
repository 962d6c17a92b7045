/** Fixed option lists of the product (docs/requirements.md §3). Values are what is stored and sent on the wire. */
import { brand } from "./brand";

export const US_STATES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
  "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
  "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi",
  "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico",
  "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania",
  "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont",
  "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
] as const;

export const COUNTRIES = [
  "Afghanistan", "Albania", "Algeria", "Argentina", "Armenia", "Australia", "Austria", "Azerbaijan",
  "Bahamas", "Bahrain", "Bangladesh", "Belarus", "Belgium", "Bolivia", "Bosnia and Herzegovina",
  "Brazil", "Bulgaria", "Cambodia", "Canada", "Chile", "China", "Colombia", "Costa Rica", "Croatia",
  "Cuba", "Cyprus", "Czech Republic", "Denmark", "Dominican Republic", "Ecuador", "Egypt",
  "El Salvador", "Estonia", "Ethiopia", "Finland", "France", "Georgia", "Germany", "Ghana", "Greece",
  "Guatemala", "Honduras", "Hong Kong", "Hungary", "Iceland", "India", "Indonesia", "Iran", "Iraq",
  "Ireland", "Israel", "Italy", "Jamaica", "Japan", "Jordan", "Kazakhstan", "Kenya", "Kuwait",
  "Latvia", "Lebanon", "Lithuania", "Luxembourg", "Malaysia", "Mexico", "Morocco", "Nepal",
  "Netherlands", "New Zealand", "Nigeria", "Norway", "Pakistan", "Panama", "Peru", "Philippines",
  "Poland", "Portugal", "Qatar", "Romania", "Russia", "Saudi Arabia", "Singapore", "South Africa",
  "South Korea", "Spain", "Sweden", "Switzerland", "Taiwan", "Thailand", "Turkey", "Ukraine",
  "United Arab Emirates", "United Kingdom", "Uruguay", "Venezuela", "Vietnam",
] as const;

/** Each listed country's ISO 3166-1 code: what postcodes are checked by and what the form names it by in a language (Intl.DisplayNames). */
export const COUNTRY_CODES: Readonly<Record<(typeof COUNTRIES)[number], string>> = {
  Afghanistan: "AF",
  Albania: "AL",
  Algeria: "DZ",
  Argentina: "AR",
  Armenia: "AM",
  Australia: "AU",
  Austria: "AT",
  Azerbaijan: "AZ",
  Bahamas: "BS",
  Bahrain: "BH",
  Bangladesh: "BD",
  Belarus: "BY",
  Belgium: "BE",
  Bolivia: "BO",
  "Bosnia and Herzegovina": "BA",
  Brazil: "BR",
  Bulgaria: "BG",
  Cambodia: "KH",
  Canada: "CA",
  Chile: "CL",
  China: "CN",
  Colombia: "CO",
  "Costa Rica": "CR",
  Croatia: "HR",
  Cuba: "CU",
  Cyprus: "CY",
  "Czech Republic": "CZ",
  Denmark: "DK",
  "Dominican Republic": "DO",
  Ecuador: "EC",
  Egypt: "EG",
  "El Salvador": "SV",
  Estonia: "EE",
  Ethiopia: "ET",
  Finland: "FI",
  France: "FR",
  Georgia: "GE",
  Germany: "DE",
  Ghana: "GH",
  Greece: "GR",
  Guatemala: "GT",
  Honduras: "HN",
  "Hong Kong": "HK",
  Hungary: "HU",
  Iceland: "IS",
  India: "IN",
  Indonesia: "ID",
  Iran: "IR",
  Iraq: "IQ",
  Ireland: "IE",
  Israel: "IL",
  Italy: "IT",
  Jamaica: "JM",
  Japan: "JP",
  Jordan: "JO",
  Kazakhstan: "KZ",
  Kenya: "KE",
  Kuwait: "KW",
  Latvia: "LV",
  Lebanon: "LB",
  Lithuania: "LT",
  Luxembourg: "LU",
  Malaysia: "MY",
  Mexico: "MX",
  Morocco: "MA",
  Nepal: "NP",
  Netherlands: "NL",
  "New Zealand": "NZ",
  Nigeria: "NG",
  Norway: "NO",
  Pakistan: "PK",
  Panama: "PA",
  Peru: "PE",
  Philippines: "PH",
  Poland: "PL",
  Portugal: "PT",
  Qatar: "QA",
  Romania: "RO",
  Russia: "RU",
  "Saudi Arabia": "SA",
  Singapore: "SG",
  "South Africa": "ZA",
  "South Korea": "KR",
  Spain: "ES",
  Sweden: "SE",
  Switzerland: "CH",
  Taiwan: "TW",
  Thailand: "TH",
  Turkey: "TR",
  Ukraine: "UA",
  "United Arab Emirates": "AE",
  "United Kingdom": "GB",
  Uruguay: "UY",
  Venezuela: "VE",
  Vietnam: "VN",
};

/** Countries of the list where a postcode may be left empty (none exist, or they are optional); core/postcodes.ts is checked against it. */
export const COUNTRIES_WITHOUT_REQUIRED_POSTCODE: readonly string[] = [
  "Bahamas", "Bahrain", "Bolivia", "Ecuador", "Ghana", "Honduras", "Hong Kong", "Jamaica", "Lebanon", "Nigeria", "Qatar",
  "United Arab Emirates",
];

export const INTEREST_LEVELS = [
  "Just curious",
  "Actively researching",
  "Ready to freeze in the next 6 months",
  "Other",
] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];
export const INTEREST_OTHER: InterestLevel = "Other";

export const CONTACT_REASONS = [
  { value: "pilot-program", label: "Pilot Program Inquiry" },
  { value: "eligibility", label: "Eligibility Questions" },
  { value: "guarantee", label: "Baby Guarantee Information" },
  { value: "medical", label: "Medical Questions" },
  { value: "pricing", label: "Pricing and Insurance" },
  { value: "technical", label: "Technical Support" },
  { value: "partnership", label: "Partnership Opportunity" },
  { value: "other", label: "Other" },
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number]["value"];
export const CONTACT_REASON_VALUES = CONTACT_REASONS.map((r) => r.value) as [ContactReason, ...ContactReason[]];

export function contactReasonLabel(value: string): string {
  return CONTACT_REASONS.find((r) => r.value === value)?.label ?? value;
}

/** Page context of the signup form → the formSource value stored with the application. */
export const FORM_SOURCES = {
  landing: "main page",
  apply: "apply page",
  tiktok: "tiktok",
  MIT: "MIT",
  howitworks: "howitworks",
  assessment: brand.assessmentName,
} as const;
export type PageContext = keyof typeof FORM_SOURCES;
export type FormSource = (typeof FORM_SOURCES)[PageContext];
export const FORM_SOURCE_VALUES = Object.values(FORM_SOURCES) as [FormSource, ...FormSource[]];

/**
 * Staff roles, least to most (docs/requirements.md §6, ADR 0089): `user` views and exports; `coordinator` also runs
 * the selection (stages, notes, owners, offers) and deletes nothing; `admin` also deletes and handles privacy;
 * `super_admin` also manages staff, settings, webhooks and API keys.
 */
export const ROLES = ["user", "coordinator", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
/** The words staff read for each role (the header's badge, the users list, the owner picker). */
export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  coordinator: "Coordinator",
  admin: "Admin",
  super_admin: "Super admin",
};

export const TRAFFIC_SOURCES = [
  "facebook_ads", "google_ads", "tiktok_ads", "linkedin_ads", "organic", "direct",
] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** The words staff read for each traffic source (the applications list, its filter and its stats). */
export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  facebook_ads: "Facebook ads",
  google_ads: "Google ads",
  tiktok_ads: "TikTok ads",
  linkedin_ads: "LinkedIn ads",
  organic: "Organic",
  direct: "Direct",
};

/** The label of a stored traffic source (one from elsewhere stays as it was stored). */
export function trafficSourceLabel(value: string): string {
  return (TRAFFIC_SOURCE_LABELS as Record<string, string | undefined>)[value] ?? value;
}
