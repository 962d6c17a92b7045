import { brand } from "#core/brand";
import { Rich, usePageWords } from "~/lib/page-words";

/** "Questions? Write to …" under her pages, in the page's language. */
export function QuestionsLine() {
  const { t } = usePageWords();
  return (
    <p className="mt-6 text-sm text-ink-muted">
      <Rich
        text={t("page.questions")}
        parts={{
          email: (
            <a className="font-semibold text-brand underline underline-offset-4" href={`mailto:${brand.contact.general}`}>
              {brand.contact.general}
            </a>
          ),
        }}
      />
    </p>
  );
}
