/**
 * The interactive pieces of marketing pages (`data-widget`) on pages served without React: each is
 * wired by the same plain DOM function its React component runs (components/marketing/*.widget.ts,
 * components/site/share-panel.widget.ts, components/consent/consent-banner.widget.ts).
 */
import { wireConsentBanner } from "~/components/consent/consent-banner.widget";
import { wireAffiliationsCarousel } from "~/components/marketing/affiliations-carousel.widget";
import { wireCountdown } from "~/components/marketing/countdown.widget";
import { wireTikTokEmbed } from "~/components/marketing/tiktok-embed.widget";
import { wireVideoFacade } from "~/components/marketing/video-facade.widget";
import { wireSharePanel } from "~/components/site/share-panel.widget";

const WIDGETS: Record<string, (root: HTMLElement) => unknown> = {
  carousel: wireAffiliationsCarousel,
  consent: wireConsentBanner,
  countdown: wireCountdown,
  share: wireSharePanel,
  tiktok: wireTikTokEmbed,
  video: wireVideoFacade,
};

export function wireWidgets(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-widget]")) {
    const wire = root.dataset.widget ? WIDGETS[root.dataset.widget] : undefined;
    wire?.(root);
  }
}
