/** "Privacy choices" in the footer: reopens the consent banner so the choice can be changed. */
import { getConsentStore } from "~/tracking/tracker";

export function PrivacyChoicesButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      data-privacy-choices=""
      onClick={() => getConsentStore().reopen()}
      className={className ?? "rounded-md underline-offset-4 hover:underline"}
    >
      Privacy choices
    </button>
  );
}
