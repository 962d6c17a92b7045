/**
 * Whether an applicant fits the pilot (docs/requirements.md, the pilot's selection): age from the brand's
 * minimum up to but not including its maximum, living in its region, with a ZIP code in one of its
 * cities' areas (./pilot-zip-codes.ts). Each failed rule gives one reason staff read on the badge.
 */
import { brand } from "../brand";
import { pilotAreaOf } from "./pilot-zip-codes";

export interface Eligibility {
  eligible: boolean;
  reasons: string[];
}

export interface EligibilityInput {
  age: number;
  state: string;
  zipCode: string | null;
}

export function eligibilityOf({ age, state, zipCode }: EligibilityInput): Eligibility {
  const { minAge, maxAge, region } = brand.pilot;
  const reasons: string[] = [];
  if (age < minAge) reasons.push(`${age}: under the pilot's minimum age of ${minAge}`);
  if (age >= maxAge) reasons.push(`${age}: over the pilot's age limit`);
  if (state !== region) reasons.push(`${state}: outside the pilot's cities`);
  else if (!zipCode) reasons.push("No ZIP code: cannot tell whether she lives in the pilot's cities");
  else if (!pilotAreaOf(zipCode)) reasons.push(`${zipCode}: outside the pilot's cities`);
  return { eligible: reasons.length === 0, reasons };
}

/**
 * Where she lives against the pilot's area: "region" (another state), "cities" (the region, a ZIP code
 * outside the pilot's cities), or null (inside, or no ZIP code to tell). The not-eligible letter says
 * where the pilot runs for now (ADR 0087).
 */
export function outsideArea({ state, zipCode }: Pick<EligibilityInput, "state" | "zipCode">): "region" | "cities" | null {
  if (state !== brand.pilot.region) return "region";
  return zipCode && !pilotAreaOf(zipCode) ? "cities" : null;
}
