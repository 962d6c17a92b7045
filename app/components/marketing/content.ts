/** Copy shared by several pages. Every number and name comes from the brand module. */
import { brand, facts } from "#core/brand";

export interface Step {
  title: string;
  body: string;
}

/** The four steps shown to visitors (docs/requirements.md §1). */
export const STEPS: readonly Step[] = [
  {
    title: "Apply for pilot access",
    body: `Join the pilot and lock in early-join perks, including ${facts.storage} (${facts.storageValue} value).`,
  },
  {
    title: "Eligibility check",
    body: `Take the ${brand.assessmentName} fertility assessment. It scores your fertility and tells us, and you, whether the guarantee fits.`,
  },
  {
    title: "Your path forward",
    body: "Eligible members get the baby guarantee. Everyone else gets a personalized fertility plan built around their results.",
  },
  {
    title: "Payment made simple",
    body: "Choose quick financing with monthly payments, or pay upfront with cash or FSA/HSA funds.",
  },
];

export interface Benefit {
  title: string;
  body: string;
  icon: "price" | "storage" | "guarantee" | "assessment" | "clinic" | "payment";
}

export const BENEFITS: readonly Benefit[] = [
  {
    icon: "price",
    title: `${facts.price} pilot price`,
    body: `Pilot members pay ${facts.price} instead of ${facts.regularPrice}: ${facts.discount} the regular plan.`,
  },
  {
    icon: "storage",
    title: `${brand.pilot.storageYears} year of free storage`,
    body: `Your eggs are stored free for the first year, a value of ${facts.storageValue}.`,
  },
  {
    icon: "guarantee",
    title: "A money-back baby guarantee",
    body: "If you qualify and the plan does not lead to a baby, you get your money back. That is the point of a guarantee.",
  },
  {
    icon: "assessment",
    title: `${brand.assessmentName} fertility assessment`,
    body: "A clear score of where your fertility stands today, explained in plain language, before you commit to anything.",
  },
  {
    icon: "clinic",
    title: "Trusted partner clinics",
    body: `Care happens at established fertility clinics in ${facts.cities}, with our team alongside you.`,
  },
  {
    icon: "payment",
    title: "Flexible payment",
    body: "Monthly financing or upfront payment by cash or FSA/HSA funds, with no surprise fees.",
  },
];

/** The pilot in one sentence, with its live places (ADR 0091). */
export const pilotSummary = (capacity: number) =>
  `The pilot is ${facts.spotsLine(capacity)} in ${facts.cities}. Everyone else can apply to join the priority waitlist.`;

/** The same without a number, for a page's description (read by search engines and link previews long after). */
export const PILOT_SUMMARY_TIMELESS = `The pilot is for women under ${brand.pilot.maxAge} in ${facts.cities}. Everyone else can apply to join the priority waitlist.`;
