import { usePageWords } from "~/lib/page-words";

/**
 * "Privacy choices" in the footer: reopens the consent banner so the choice can be changed (the click
 * is handled by the banner's behaviour, components/consent/consent-banner.widget.ts).
 */
export function PrivacyChoicesButton({ className }: { className?: string }) {
  const { t } = usePageWords();
  return (
    <button type="button" data-privacy-choices="" className={className ?? "rounded-md underline-offset-4 hover:underline"}>
      {t("chrome.footer.choices")}
    </button>
  );
}
