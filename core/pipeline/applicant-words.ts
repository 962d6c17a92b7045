/**
 * What her own page says about where she stands (ADR 0098): one heading and one "what happens next" for each stage, in
 * plain words, in her language (the pages' catalogue, ADR 0112). The page and `GET /api/applicant/{token}` say the same.
 * No form answer, no staff note.
 */
import { brand } from "../brand";
import type { Translator } from "../i18n/catalogue";
import type { PageMessageKey } from "../i18n/page-en";
import type { Stage } from "./stages";

export interface StandingWords {
  heading: string;
  next: string;
}

/** The brand's answer time ("24 hours") in a language's words. */
export function responseTimeIn(words: Translator<PageMessageKey>): string {
  const hours = /^(\d+) hours?$/.exec(brand.contact.responseTime);
  return hours ? words.t("page.hours", { n: Number(hours[1]) }) : brand.contact.responseTime;
}

export function standingWords(stage: Stage, position: number | null, words: Translator<PageMessageKey>): StandingWords {
  const { t } = words;
  const params = { assessment: brand.assessmentName, responseTime: responseTimeIn(words), position: position ?? 0 };
  switch (stage) {
    case "new":
    case "reviewing":
      return { heading: t("stand.reviewing.heading"), next: t("stand.reviewing.next", params) };
    case "waitlisted":
      return {
        heading: position ? t("stand.waitlisted.heading", params) : t("stand.waitlisted.headingNoPosition"),
        next: t("stand.waitlisted.next"),
      };
    default:
      return { heading: t(`stand.${stage}.heading`, params), next: t(`stand.${stage}.next`, params) };
  }
}
