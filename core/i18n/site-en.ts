/**
 * The public site's English catalogue (ADR 0113): the words of every public page (the landing and campaign pages,
 * About, Contact, Apply, Thank-you, the 404) in parts, one per group of pages. Spanish follows key for key
 * (site-es.ts, checked by catalogue.test.ts). Only the server imports it: a public page is rendered on the server and
 * gets its words from its loader, so no browser bundle carries the site's copy in either language.
 */
import type { Catalogue } from "./catalogue";
import { SITE_MARKETING_EN } from "./site/marketing-en";
import { SITE_LEGAL_EN } from "./site/legal-en";
import { SITE_PAGES_EN } from "./site/pages-en";

export const SITE_EN = { ...SITE_MARKETING_EN, ...SITE_PAGES_EN, ...SITE_LEGAL_EN } as const satisfies Catalogue;

/** A message of the public site's catalogue. */
export type SiteMessageKey = keyof typeof SITE_EN;
