import * as React from "react";
import { brand } from "#core/brand";
import { cn } from "../ui/cn";

export const CAROUSEL_INTERVAL_MS = 4000;

export function wordmarkPath(short: string) {
  return `/affiliations/${short.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.svg`;
}

function usePrefersReducedMotion() {
  const subscribe = React.useCallback((onChange: () => void) => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => false,
  );
}

function Wordmark({ name, short }: { name: string; short: string }) {
  const [failed, setFailed] = React.useState(false);
  const ref = React.useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError again: check it once mounted.
  React.useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span className="flex h-24 w-full max-w-80 items-center justify-center rounded-2xl border-2 border-dashed border-line px-4 text-center font-display text-xl font-semibold text-ink" data-placeholder="true">
        {name}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={wordmarkPath(short)}
      alt={name}
      width={320}
      height={96}
      className="h-24 w-auto max-w-full"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * Affiliations carousel (spec §4): advances every 4 s, pauses while hovered or focused, never
 * moves by itself for visitors who prefer reduced motion, and has a pause button and dots.
 */
export function AffiliationsCarousel() {
  const items = brand.affiliations;
  const [index, setIndex] = React.useState(0);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const [stopped, setStopped] = React.useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const running = !stopped && !hovered && !focused && !reducedMotion && items.length > 1;
  const rootRef = React.useRef<HTMLElement>(null);

  // Hovering or focusing anything inside pauses the rotation.
  React.useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) setFocused(false);
    };
    root.addEventListener("mouseenter", enter);
    root.addEventListener("mouseleave", leave);
    root.addEventListener("focusin", focusIn);
    root.addEventListener("focusout", focusOut);
    return () => {
      root.removeEventListener("mouseenter", enter);
      root.removeEventListener("mouseleave", leave);
      root.removeEventListener("focusin", focusIn);
      root.removeEventListener("focusout", focusOut);
    };
  }, []);

  React.useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, items.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Our affiliations"
      className="mx-auto max-w-3xl"
      ref={rootRef}
    >
      <div className="relative h-40 overflow-hidden rounded-3xl border border-line bg-surface">
        {items.map((item, i) => (
          <div
            key={item.name}
            data-slide={i}
            aria-hidden={i !== index}
            className={cn(
              "absolute inset-0 flex items-center justify-center px-6 transition-opacity duration-500 motion-reduce:transition-none",
              i === index ? "opacity-100" : "pointer-events-none opacity-0",
            )}
          >
            <Wordmark name={item.name} short={item.short} />
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-brand-soft"
        >
          {stopped ? "Play" : "Pause"}
          <span className="sr-only"> affiliations carousel</span>
        </button>
        <div className="flex items-center gap-1">
          {items.map((item, i) => (
            <button
              key={item.name}
              type="button"
              aria-label={`Show ${item.name}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => setIndex(i)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn("block h-3 rounded-full transition-all", i === index ? "w-7 bg-brand" : "w-3 bg-[#b9aab0]")}
              />
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {running ? "" : `Showing ${items[index]?.name ?? ""}`}
      </p>
    </section>
  );
}
