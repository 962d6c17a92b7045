/**
 * The ZIP codes of the pilot's two cities' areas, as three-digit prefixes (sectional center
 * facilities). Source: USPS, "L002 3-Digit ZIP Code Prefix Matrix" (Domestic Mail Manual, Exhibit L002),
 * prefixes of the San Francisco Bay Area (San Francisco, San Mateo, Alameda, Contra Costa, Marin,
 * Santa Clara counties) and of Los Angeles County. A prefix may spill over a county line; the team
 * reviews every applicant before an offer, so the rule is a first sort, not a verdict.
 *
 * The migration that stores eligibility (drizzle/0008_pipeline.sql) repeats these prefixes in SQL;
 * tests/api/pipeline-eligibility.test.ts fails when the two disagree.
 */

export interface ZipArea {
  name: string;
  prefixes: readonly string[];
}

export const PILOT_ZIP_AREAS: readonly ZipArea[] = [
  { name: "San Francisco Bay Area", prefixes: ["940", "941", "943", "944", "945", "946", "947", "948", "949", "950", "951"] },
  {
    name: "Los Angeles County",
    prefixes: ["900", "901", "902", "903", "904", "905", "906", "907", "908", "910", "911", "912", "913", "914", "915", "916", "917", "918", "935"],
  },
];

/** The area a ZIP code lies in, or null. */
export function pilotAreaOf(zipCode: string | null | undefined): string | null {
  if (!zipCode || !/^\d{5}$/.test(zipCode)) return null;
  const prefix = zipCode.slice(0, 3);
  return PILOT_ZIP_AREAS.find((area) => area.prefixes.includes(prefix))?.name ?? null;
}
