/**
 * Every brand fact of the product lives here, once. Pages, emails, share texts, legal pages and
 * the server read this module; no copy repeats a name, number or date by hand.
 *
 * Deploy-time overrides: set BRAND_CONFIG to a JSON file before `npm run build` / `npm start`;
 * its values are deep-merged over these defaults at build time (see vite.config.ts).
 *
 * People, quotes and testimonials below are illustrative defaults, not real persons.
 */

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** Initials drawn on our own avatar artwork. */
  initials: string;
  profileUrl: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

export interface Brand {
  name: string;
  assessmentName: string;
  tagline: string;
  pitch: string;
  legal: {
    entity: string;
    incorporation: string;
    address: { street: string; city: string; region: string; postalCode: string; country: string };
    governingLaw: string;
    policiesUpdated: string;
    hipaaEffective: string;
  };
  contact: {
    general: string;
    privacy: string;
    legal: string;
    press: string;
    clinics: string;
    employers: string;
    phone: string;
    phoneHref: string;
    responseTime: string;
    emergencyNumber: string;
  };
  social: { instagram: string; facebook: string; x: string; linkedin: string; tiktok: string };
  media: { presentationVideoId: string; tiktokVideoId: string; tiktokProfile: string };
  pilot: {
    spots: number;
    maxAge: number;
    minAge: number;
    cities: readonly string[];
    region: string;
    price: number;
    regularPrice: number;
    discountPercent: number;
    storageYears: number;
    storageValue: number;
    womenInterviewed: string;
  };
  conversion: { purchaseValue: number; leadValue: number; startedValue: number; currency: string };
  founder: { name: string; title: string; quote: string };
  team: readonly TeamMember[];
  testimonials: readonly Testimonial[];
  affiliations: readonly { name: string; short: string }[];
}

/**
 * The brand's own words in another language: everything of `Brand` that is prose. Names, addresses and numbers are
 * the same in every language; lists are in the English list's order.
 */
export interface BrandProse {
  tagline: string;
  pitch: string;
  founder: { title: string; quote: string };
  team: readonly { role: string; bio: string }[];
  testimonials: readonly { quote: string; detail: string }[];
  affiliations: readonly { name: string; short: string }[];
}

const defaults: Brand = {
  name: "Ovella",
  assessmentName: "OvellaIQ",
  tagline: "When biology is uncertain, the plan doesn't have to be.",
  pitch: "The first egg freezing plan with a guarantee.",
  legal: {
    entity: "Ovella Health, Inc.",
    incorporation: "a Delaware corporation",
    address: {
      street: "100 Example Street, Suite 200",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "United States",
    },
    governingLaw: "[Governing law to be confirmed before launch]",
    policiesUpdated: "2025-08-15",
    hipaaEffective: "2025-01-15",
  },
  contact: {
    general: "hello@ovella.example",
    privacy: "privacy@ovella.example",
    legal: "legal@ovella.example",
    press: "press@ovella.example",
    clinics: "clinics@ovella.example",
    employers: "employers@ovella.example",
    phone: "(415) 555-0142",
    phoneHref: "+14155550142",
    responseTime: "24 hours",
    emergencyNumber: "911",
  },
  social: {
    instagram: "https://www.instagram.com/ovella",
    facebook: "https://www.facebook.com/ovella",
    x: "https://x.com/ovella",
    linkedin: "https://www.linkedin.com/company/ovella",
    tiktok: "https://www.tiktok.com/@ovella",
  },
  media: {
    presentationVideoId: "ovella-how-it-works",
    tiktokVideoId: "7400000000000000000",
    tiktokProfile: "ovella",
  },
  pilot: {
    spots: 20,
    maxAge: 35,
    minAge: 18,
    cities: ["San Francisco", "Los Angeles"],
    region: "California",
    price: 1375,
    regularPrice: 2750,
    discountPercent: 50,
    storageYears: 1,
    storageValue: 1000,
    womenInterviewed: "75+",
  },
  conversion: { purchaseValue: 300, leadValue: 100, startedValue: 0, currency: "USD" },
  founder: {
    name: "Dr. Maya Ellison",
    title: "Founder & CEO (illustrative)",
    quote:
      "I spoke with 75+ women about egg freezing. Almost all of them said the same thing: the price is scary, but the uncertainty is worse. So we built a plan that takes the uncertainty on with you.",
  },
  team: [
    {
      name: "Dr. Maya Ellison",
      role: "Founder & CEO",
      bio: "Reproductive health researcher who turned years of patient interviews into a plan with a guarantee.",
      initials: "ME",
      profileUrl: "https://www.linkedin.com/company/ovella",
    },
    {
      name: "Dr. Priya Raman",
      role: "Medical Director",
      bio: "Board-certified reproductive endocrinologist focused on evidence-based fertility preservation.",
      initials: "PR",
      profileUrl: "https://www.linkedin.com/company/ovella",
    },
    {
      name: "Jordan Alvarez",
      role: "Head of Patient Experience",
      bio: "Builds care journeys that keep every patient informed, supported and in control.",
      initials: "JA",
      profileUrl: "https://www.linkedin.com/company/ovella",
    },
    {
      name: "Sam Okafor",
      role: "Head of Finance & Actuarial",
      bio: "Designs the pricing and guarantee model so that the numbers are honest and sustainable.",
      initials: "SO",
      profileUrl: "https://www.linkedin.com/company/ovella",
    },
  ],
  testimonials: [
    {
      quote: "For the first time I understood what my numbers actually meant, and what my options were.",
      name: "Alex R.",
      detail: "32, San Francisco (illustrative)",
    },
    {
      quote: "Knowing there was a guarantee made the decision feel less like a gamble.",
      name: "Jamie L.",
      detail: "29, Los Angeles (illustrative)",
    },
    {
      quote: "Clear pricing, monthly payments and real people answering my questions.",
      name: "Taylor M.",
      detail: "34, Oakland (illustrative)",
    },
  ],
  affiliations: [
    { name: "University Innovation Program", short: "University" },
    { name: "University Sandbox Fund", short: "Sandbox Fund" },
    { name: "University Venture Accelerator", short: "Accelerator" },
  ],

};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

declare const __BRAND_OVERRIDES__: (DeepPartial<Brand> & { es?: DeepPartial<BrandProse> }) | undefined;

/** What a deployment sets (a build-time define): any of the brand's values, and its prose in Spanish (`es`). */
export const BRAND_OVERRIDES: DeepPartial<Brand> & { es?: DeepPartial<BrandProse> } = typeof __BRAND_OVERRIDES__ === "undefined" ? {} : __BRAND_OVERRIDES__;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function mergeBrand<T>(base: T, overrides: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(overrides)) return (overrides ?? base) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergeBrand(out[key], value) : value;
  }
  return out as T;
}

/** The brand's own values; its Spanish prose (`es`) is core/i18n/brand-es.ts's, which only the server imports. */
export const brand: Brand = mergeBrand(defaults, Object.fromEntries(Object.entries(BRAND_OVERRIDES).filter(([key]) => key !== "es")));

/**
 * The brand as a page in another language says it (ADR 0113): its prose from `prose` (core/i18n/brand-es.ts, which a
 * Spanish page's loader sends), each list entry beside the English one of the same place (an entry the translation
 * lacks keeps its English words); without prose, the brand as it is.
 */
export function brandWithProse(prose: BrandProse | undefined): Brand {
  if (!prose) return brand;
  return {
    ...brand,
    tagline: prose.tagline,
    pitch: prose.pitch,
    founder: { ...brand.founder, ...prose.founder },
    team: brand.team.map((member, i) => ({ ...member, ...prose.team[i] })),
    testimonials: brand.testimonials.map((testimonial, i) => ({ ...testimonial, ...prose.testimonials[i] })),
    affiliations: brand.affiliations.map((affiliation, i) => ({ ...affiliation, ...prose.affiliations[i] })),
  };
}

let usd: Intl.NumberFormat | undefined;

/** Whole US dollars ("$1,375"); the formatter is made on first use (an `Intl` formatter's first set-up is slow in a browser). */
export function dollars(amount: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  return usd.format(amount);
}

/**
 * Derived, display-ready facts so no page formats a brand number by hand. Each is worked out when read:
 * this module is in the script of every page served without React, which reads none of them, and building
 * them there would cost that script its slowest step.
 */
export const facts = {
  get price() {
    return dollars(brand.pilot.price);
  },
  get regularPrice() {
    return dollars(brand.pilot.regularPrice);
  },
  get discount() {
    return `${brand.pilot.discountPercent}% off`;
  },
  get storage() {
    return `${brand.pilot.storageYears} year${brand.pilot.storageYears === 1 ? "" : "s"} of free storage`;
  },
  get storageValue() {
    return `about ${dollars(brand.pilot.storageValue)}`;
  },
  get cities() {
    return brand.pilot.cities.join(" or ");
  },
  /** The places said in words: the live capacity (ADR 0091), never a number written by hand. */
  spotsLine: (capacity: number) => `limited to ${capacity} women under ${brand.pilot.maxAge}`,
  get assessmentPath() {
    return `/${brand.assessmentName.toLowerCase()}`;
  },
  get exportPrefix() {
    return brand.name.toLowerCase();
  },
  copyright: (year: number) => `© ${year} ${brand.legal.entity} All rights reserved.`,
};
