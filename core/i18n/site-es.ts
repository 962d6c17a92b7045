/**
 * The public site's Spanish catalogue (es-US, ADR 0113): neutral Latin-American Spanish, addressing her as tú, as the
 * other catalogues do. Every key of the English one with the same placeholders (catalogue.test.ts). Server only.
 */
import type { Message } from "./catalogue";
import type { SiteMessageKey } from "./site-en";
import { SITE_MARKETING_ES } from "./site/marketing-es";
import { SITE_LEGAL_ES } from "./site/legal-es";
import { SITE_PAGES_ES } from "./site/pages-es";

export const SITE_ES: Readonly<Record<SiteMessageKey, Message>> = { ...SITE_MARKETING_ES, ...SITE_PAGES_ES, ...SITE_LEGAL_ES };
