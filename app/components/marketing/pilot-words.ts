/**
 * What the public pages say of the pilot's status (ADR 0091), from its live settings, in the page's language
 * (ADR 0113): one home for the words, so the countdown, the apply section and the form say the same thing.
 */
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import { LANGUAGE_LOCALES } from "#core/i18n/languages";
import { PILOT_TIME_ZONE } from "#core/time";
import type { MarketingWords } from "./content";

const pacific = new Map<string, Intl.DateTimeFormat>();

/** An instant in Pacific time as the page's language writes it ("October 31, 2025 at 10:00 PM"). */
function pacificInstant(ms: number, { language }: Pick<MarketingWords, "language">): string {
  const locale = LANGUAGE_LOCALES[language];
  let formatter = pacific.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: PILOT_TIME_ZONE });
    pacific.set(locale, formatter);
  }
  return formatter.format(new Date(ms));
}

/** The heading and note shown where a countdown would be when there is nothing to count to. */
export function pilotStatusPanel(pilot: PilotPublicState, words: MarketingWords): { heading: string; note: string } {
  const { t } = words;
  switch (pilot.status) {
    case "full":
      return { heading: t("countdown.full"), note: t("countdown.full.note") };
    case "closed":
      return {
        heading: t("countdown.closed"),
        note: pilot.enrollmentClosesAt
          ? t("countdown.closed.note", { date: pacificInstant(Date.parse(pilot.enrollmentClosesAt), words) })
          : t("countdown.closed.noteUndated"),
      };
    case "not_open":
      return { heading: t("countdown.soon"), note: t("countdown.soon.note") };
    case "open":
      return { heading: t("countdown.open"), note: t("countdown.open.note", { capacity: String(pilot.capacity) }) };
  }
}

/** What a countdown counts to: the enrollment window's closing, or its opening while it is not open yet. */
export type CountdownKind = "closes" | "opens";

/** The words around a countdown's figures, before the instant (`done` false) and once it has passed. */
export function countdownText(words: MarketingWords, kind: CountdownKind, done: boolean, deadlineMs: number): { heading: string; note: string } {
  const { t } = words;
  const date = pacificInstant(deadlineMs, words);
  if (kind === "opens") {
    return done
      ? { heading: t("countdown.open"), note: t("countdown.opened.note", { date }) }
      : { heading: t("countdown.opensIn"), note: t("countdown.opens.note", { date }) };
  }
  return done
    ? { heading: t("countdown.closed"), note: t("countdown.passed.note", { date }) }
    : { heading: t("countdown.closesIn"), note: t("countdown.closes.note", { date }) };
}

/** One sentence for the apply sections while the pilot takes no new places; null while it does. */
export function waitlistSentence(pilot: PilotPublicState, { t }: MarketingWords): string | null {
  if (pilot.status === "full") return t("sections.waitlist.full");
  if (pilot.status === "closed") return t("sections.waitlist.closed");
  if (pilot.status === "not_open") return t("sections.waitlist.notOpen");
  return null;
}
