/**
 * Her assessment kit on her own page (ADR 0101): its progress in plain words and, until she or staff said it was sent,
 * one button "I've sent my kit" (a plain form POST to the page's action: it works without JavaScript and is safe to
 * press twice).
 */
import { Form } from "react-router";
import { KIT_STEPS } from "#core/pipeline/assessment";
import { Button } from "~/components/ui/button";
import { usePageWords } from "~/lib/page-words";

export function KitProgress({ kit, busy }: { kit: { step: string | null; words: string }; busy: boolean }) {
  const { t } = usePageWords();
  const reached = kit.step ? KIT_STEPS.indexOf(kit.step as (typeof KIT_STEPS)[number]) : -1;
  return (
    <section aria-labelledby="kit-heading" className="mt-6 rounded-2xl border border-line p-4 text-left">
      <h2 id="kit-heading" className="font-semibold text-ink">
        {t("kit.heading")}
      </h2>
      <ol className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={t("kit.progress")}>
        {([t("kit.step.sent"), t("kit.step.received"), t("kit.step.result")] as const).map((label, i) => (
          <li
            key={label}
            className={i <= reached ? "rounded-full bg-success-soft px-3 py-1 font-semibold text-ink" : "rounded-full bg-canvas px-3 py-1 text-ink-muted"}
          >
            {label}
            <span className="sr-only">{i <= reached ? t("kit.done") : t("kit.notYet")}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-ink">{kit.words}</p>
      {reached < 0 ? (
        <Form method="post" className="mt-4">
          <Button type="submit" name="intent" value="kit_sent" disabled={busy} className="w-full sm:w-auto">
            {t("kit.sentButton")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
