import { brand, facts } from "#core/brand";
import { useWidget } from "../ui/use-widget";
import { Button } from "../ui/button";
import { wireSharePanel } from "./share-panel.widget";

/** Share texts come from the brand module: the offer is always the 1-year storage value. */
export function shareTexts(siteUrl: string) {
  const url = `${siteUrl}/`;
  const text = `I just applied to the ${brand.name} egg freezing pilot: ${facts.price} instead of ${facts.regularPrice}, ${facts.storage} (${facts.storageValue} value) and a money-back baby guarantee. Check it out:`;
  return {
    url,
    title: `${brand.name}: ${brand.pitch}`,
    text,
    emailSubject: `Have you heard about ${brand.name}?`,
    emailBody: `Hi!\n\nI just applied to the ${brand.name} pilot, ${brand.pitch.toLowerCase()} Pilot members pay ${facts.price} instead of ${facts.regularPrice} and get ${facts.storage} (${facts.storageValue} value).\n\nTake a look: ${url}`,
  };
}

export function shareLinks(siteUrl: string) {
  const t = shareTexts(siteUrl);
  const enc = encodeURIComponent;
  return [
    { label: "Email", href: `mailto:?subject=${enc(t.emailSubject)}&body=${enc(t.emailBody)}` },
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
 * ./share-panel.widget.ts, the same on pages served without React (ADR 0042).
 */
export function SharePanel({ siteUrl }: { siteUrl: string }) {
  const ref = useWidget<HTMLDivElement>(wireSharePanel);
  const texts = shareTexts(siteUrl);
  const shareLabel = `Share ${brand.name} with Friends`;
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
        aria-label="Share options"
        tabIndex={-1}
        hidden
        className="mt-4 rounded-2xl border border-line bg-surface p-5 text-left shadow-sm outline-none"
      >
        <p className="font-semibold text-ink">Share with a friend</p>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {shareLinks(siteUrl).map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target={link.href.startsWith("http") ? "_blank" : undefined}
                rel={link.href.startsWith("http") ? "noopener noreferrer" : undefined}
                className="flex h-11 items-center justify-center rounded-xl border border-line text-sm font-semibold text-ink hover:bg-brand-soft"
              >
                {link.label}
                {link.href.startsWith("http") ? <span className="sr-only"> (opens in a new tab)</span> : null}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              data-share-copy=""
              className="flex h-11 w-full items-center justify-center rounded-xl border border-line text-sm font-semibold text-ink hover:bg-brand-soft"
            >
              Copy Link
            </button>
          </li>
        </ul>
        <p className="sr-only" aria-live="polite" data-share-status="" />
        <Button variant="ghost" size="sm" className="mt-3" data-share-close="">
          Close
        </Button>
      </section>
    </div>
  );
}
