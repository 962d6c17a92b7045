import { brand } from "#core/brand";
import { useSiteWords } from "~/lib/site-words";
import { carouselStatus, dotClass, slideClass, wireAffiliationsCarousel, wordmarkPath } from "./affiliations-carousel.widget";
import { useWidget } from "../ui/use-widget";

/**
 * Affiliations carousel (docs/requirements.md §4), rendered at its first slide; ./affiliations-carousel.widget moves it:
 * every 4 s, paused while hovered or focused, never by itself for visitors who prefer reduced motion,
 * with a pause button and dots. The names are in the page's language; the logos are the same files in both.
 */
export function AffiliationsCarousel() {
  const { t, brand: local } = useSiteWords();
  const items = local.affiliations.map((item, i) => ({
    name: item.name,
    logo: wordmarkPath(brand.affiliations[i]?.short ?? item.short),
  }));
  const ref = useWidget<HTMLElement>(wireAffiliationsCarousel);
  const index = 0;
  const pause = t("marketing.carousel.pause");
  return (
    <section ref={ref} data-widget="carousel" aria-roledescription="carousel" aria-label={t("marketing.carousel.label")} className="mx-auto max-w-3xl">
      <div className="relative h-40 overflow-hidden rounded-3xl border border-line bg-surface">
        {items.map((item, i) => (
          <div
            key={item.name}
            data-slide={i}
            data-name={item.name}
            data-status={t("marketing.carousel.showing", { name: item.name })}
            aria-hidden={i !== index}
            className={slideClass(i === index)}
          >
            <img src={item.logo} alt={item.name} width={320} height={96} className="h-24 w-auto max-w-full" />
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          data-carousel-toggle=""
          data-label-pause={pause}
          data-label-play={t("marketing.carousel.play")}
          className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-brand-soft"
        >
          <span data-carousel-toggle-label="">{pause}</span>
          <span className="sr-only"> {t("marketing.carousel.which")}</span>
        </button>
        <div className="flex items-center gap-1">
          {items.map((item, i) => (
            <button
              key={item.name}
              type="button"
              data-carousel-dot=""
              aria-label={t("marketing.carousel.show", { name: item.name })}
              aria-current={i === index ? "true" : undefined}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full"
            >
              <span aria-hidden="true" className={dotClass(i === index)} />
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" aria-live="polite" data-carousel-status="">
        {carouselStatus(true, "")}
      </p>
    </section>
  );
}
