import { brand } from "#core/brand";
import { carouselStatus, dotClass, slideClass, toggleLabel, wireAffiliationsCarousel, wordmarkPath } from "./affiliations-carousel.widget";
import { useWidget } from "../ui/use-widget";

/**
 * Affiliations carousel (docs/requirements.md §4), rendered at its first slide; ./affiliations-carousel.widget moves it:
 * every 4 s, paused while hovered or focused, never by itself for visitors who prefer reduced motion,
 * with a pause button and dots.
 */
export function AffiliationsCarousel() {
  const items = brand.affiliations;
  const ref = useWidget<HTMLElement>(wireAffiliationsCarousel);
  const index = 0;
  return (
    <section ref={ref} data-widget="carousel" aria-roledescription="carousel" aria-label="Our affiliations" className="mx-auto max-w-3xl">
      <div className="relative h-40 overflow-hidden rounded-3xl border border-line bg-surface">
        {items.map((item, i) => (
          <div key={item.name} data-slide={i} data-name={item.name} aria-hidden={i !== index} className={slideClass(i === index)}>
            <img src={wordmarkPath(item.short)} alt={item.name} width={320} height={96} className="h-24 w-auto max-w-full" />
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          data-carousel-toggle=""
          className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-brand-soft"
        >
          <span data-carousel-toggle-label="">{toggleLabel(false)}</span>
          <span className="sr-only"> affiliations carousel</span>
        </button>
        <div className="flex items-center gap-1">
          {items.map((item, i) => (
            <button
              key={item.name}
              type="button"
              data-carousel-dot=""
              aria-label={`Show ${item.name}`}
              aria-current={i === index ? "true" : undefined}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full"
            >
              <span aria-hidden="true" className={dotClass(i === index)} />
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" aria-live="polite" data-carousel-status="">
        {carouselStatus(true, items[index]?.name ?? "")}
      </p>
    </section>
  );
}
