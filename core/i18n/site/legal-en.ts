/** The legal pages' English frame words (ADR 0113): their titles, date lines and contents. Their texts are whole documents, one module per language. */
import type { Catalogue } from "../catalogue";

export const SITE_LEGAL_EN = {
  // The frame every legal page shares (app/components/legal).
  "legal.frame.toc": "On this page",
  "legal.frame.lastUpdated": "Last updated",
  "legal.frame.effective": "Effective",
  "legal.frame.incorporation": "a {state} corporation",
  "legal.frame.email": "Email",
  "legal.frame.phone": "Phone",
  "legal.frame.governingTitle": "A translation for your convenience",
  "legal.frame.governingBody":
    "This page is a translation of the English original, provided for convenience. If the two versions differ, the English version governs.",
  "legal.frame.governingLink": "Read the English version",
  // The Privacy Policy.
  "legal.privacy.title": "Privacy Policy",
  "legal.privacy.metaTitle": "Privacy Policy | {brand}",
  "legal.privacy.metaDescription":
    "How {entity} collects, uses, protects and deletes the information you share on our website, and how advertising runs only if you opt in.",
  // The Terms of Service.
  "legal.terms.title": "Terms of Service",
  "legal.terms.metaTitle": "Terms of Service | {brand}",
  "legal.terms.metaDescription": "The terms that apply when you use the {brand} website and apply for the {brand} egg freezing pilot program.",
  // The HIPAA Notice of Privacy Practices.
  "legal.hipaa.title": "HIPAA Notice of Privacy Practices",
  "legal.hipaa.metaTitle": "HIPAA Notice of Privacy Practices | {brand}",
  "legal.hipaa.metaDescription": "How {entity} may use and disclose your protected health information, and your rights to access and control it.",
} as const satisfies Catalogue;
