/**
 * What happens after an application, shown on /thank-you (and /es/thank-you) in the page's language. The confirmation
 * email says the same steps in its own words (server/services/mail-templates/application-confirmation.tsx, its own
 * catalogue). The words are the site catalogue's `nextStep.*` (core/i18n/site/pages-en.ts), the facts ./pilot-facts.ts.
 */
import { brand } from "./brand";
import type { Translator } from "./i18n/catalogue";
import type { SiteMessageKey } from "./i18n/site-en";
import { pilotFacts } from "./pilot-facts";

export interface NextStep {
  title: string;
  body: string;
}

/**
 * The steps for the pilot's live places (ADR 0091); `toWaitlist` when the pilot was not taking applications for a
 * place (not open yet, closed or full): the third step then says she is on the waitlist.
 */
export function nextSteps(words: Translator<SiteMessageKey>, capacity: number, toWaitlist = false): readonly NextStep[] {
  const { t } = words;
  const pilot = pilotFacts(words, capacity);
  const assessment = brand.assessmentName;
  return [
    {
      title: t("nextStep.inbox.title"),
      body: t("nextStep.inbox.body", { storage: pilot.storage, storageValue: pilot.storageValue }),
    },
    {
      title: t("nextStep.assessment.title", { assessment }),
      body: t("nextStep.assessment.body", { assessment }),
    },
    toWaitlist
      ? { title: t("nextStep.waitlist.title"), body: t("nextStep.waitlist.body", { spots: pilot.spots }) }
      : { title: t("nextStep.place.title"), body: t("nextStep.place.body", { spots: pilot.spots }) },
    {
      title: t("nextStep.invite.title"),
      body: t("nextStep.invite.body"),
    },
  ];
}
