import { brand } from "#core/brand";
import { pilotFacts } from "#core/pilot-facts";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { useWidget } from "../ui/use-widget";
import { Button } from "../ui/button";
import { wireSharePanel } from "./share-panel.widget";

/**
 * Share texts in the page's language, from the brand module: the offer is always the 1-year storage value. The link
 * is the home page in the same language (`/` or `/es`).
 */
export function shareTexts(siteUrl: string, words: SiteWords) {
  const { t } = words;
  const url = `${siteUrl}${words.href("/")}`;
  // The places do not appear in the share texts: any capacity gives the same facts.
  const pilot = pilotFacts(words, brand.pilot.spots);
  const pitch = words.brand.pitch;
  const offer = { brand: brand.name, price: pilot.price, regularPrice: pilot.regularPrice, storage: pilot.storage, storageValue: pilot.storageValue };
  return {
    url,
    title: `${brand.name}: ${pitch}`,
    text: t("share.text", offer),
    emailSubject: t("share.emailSubject", { brand: brand.name }),
    emailBody: t("share.emailBody", { ...offer, pitch: pitch.toLowerCase(), url }),
  };
}

export function shareLinks(siteUrl: string, words: SiteWords) {
  const t = shareTexts(siteUrl, words);
  const enc = encodeURIComponent;
  return [
    { label: words.t("share.email"), href: `mailto:?subject=${enc(t.emailSubject)}&body=${enc(t.emailBody)}` },
    { label: "SMS", href: `sms:?&body=${enc(`${t.text} ${t.url}`)}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${enc(`${t.text} ${t.url}`)}` },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${enc(t.url)}` },
    { label: "Twitter", href: `https://twitter.com/intent/tweet?text=${enc(t.text)}&url=${enc(t.url)}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(t.url)}` },
  ];
}

/**
 * 'Share Ovella with Friends': the device share sheet where the browser has one, otherwise a panel
 * of share links, Copy Link (shows Copied! for 2 s) and Close. Markup only; the behaviour is
 * ./share-panel.widget.ts, the same on pages served without React (ADR 0042), which reads the words it writes
 * (Copied!, the announcement) from the copy button's data attributes, in the page's language.
 */
export function SharePanel({ siteUrl }: { siteUrl: string }) {
  const ref = useWidget<HTMLDivElement>(wireSharePanel);
  const words = useSiteWords();
  const { t } = words;
  const texts = shareTexts(siteUrl, words);
  const shareLabel = t("share.button", { brand: brand.name });
  return (
    <div ref={ref} data-widget="share">
      <Button
        size="lg"
        aria-expanded={false}
        aria-controls="share-panel"
        data-share-trigger=""
        data-share-title={texts.title}
        data-share-text={texts.text}
        data-share-url={texts.url}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {shareLabel}
      </Button>
      <section
        id="share-panel"
        data-share-panel=""
        aria-label={t("share.options")}
        tabIndex={-1}
        hidden
        className="mt-4 rounded-2xl border border-line bg-surface p-5 text-left shadow-sm outline-none"
      >
        <p className="font-semibold text-ink">{t("share.heading")}</p>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {shareLinks(siteUrl, words).map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target={link.href.startsWith("http") ? "_blank" : undefined}
                rel={link.href.startsWith("http") ? "noopener noreferrer" : undefined}
                className="flex h-11 items-center justify-center rounded-xl border border-line text-sm font-semibold text-ink hover:bg-brand-soft"
              >
                {link.label}
                {link.href.startsWith("http") ? <span className="sr-only"> {t("share.newTab")}</span> : null}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              data-share-copy=""
              data-share-copy-label={t("share.copy")}
              data-share-copied-label={t("share.copied")}
              data-share-copied-status={t("share.copiedStatus")}
              className="flex h-11 w-full items-center justify-center rounded-xl border border-line text-sm font-semibold text-ink hover:bg-brand-soft"
            >
              {t("share.copy")}
            </button>
          </li>
        </ul>
        <p className="sr-only" aria-live="polite" data-share-status="" />
        <Button variant="ghost" size="sm" className="mt-3" data-share-close="">
          {t("share.close")}
        </Button>
      </section>
    </div>
  );
}
