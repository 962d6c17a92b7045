/**
 * The affiliations carousel's behaviour, in plain DOM code (./affiliations-carousel renders it): it
 * advances every 4 s, pauses while hovered or focused, never moves by itself for visitors who prefer
 * reduced motion, has a pause button and dots, and shows a text placeholder for a logo that fails.
 * The words it writes are the server's, in the page's language (ADR 0113): the button's two labels
 * (`data-label-pause`, `data-label-play`) and each slide's status line (`data-status`).
 */
export const CAROUSEL_INTERVAL_MS = 4000;

export function wordmarkPath(short: string) {
  return `/affiliations/${short.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.svg`;
}

export function slideClass(shown: boolean): string {
  const state = shown ? "opacity-100" : "pointer-events-none opacity-0";
  return `absolute inset-0 flex items-center justify-center px-6 transition-opacity duration-500 motion-reduce:transition-none ${state}`;
}

export function dotClass(current: boolean): string {
  return `block h-3 rounded-full transition-all ${current ? "w-7 bg-brand" : "w-3 bg-[#b9aab0]"}`;
}

/** What the live region says: nothing while the carousel moves, the shown slide's status line while it is still. */
export const carouselStatus = (running: boolean, status: string) => (running ? "" : status);

const PLACEHOLDER_CLASS =
  "flex h-24 w-full max-w-80 items-center justify-center rounded-2xl border-2 border-dashed border-line px-4 text-center font-display text-xl font-semibold text-ink";

/** A logo that cannot be shown becomes its name, in a dashed box of the same place. */
function showPlaceholder(img: HTMLImageElement): void {
  if (!img.isConnected) return;
  const placeholder = document.createElement("span");
  placeholder.className = PLACEHOLDER_CLASS;
  placeholder.dataset.placeholder = "true";
  placeholder.textContent = img.alt;
  img.replaceWith(placeholder);
}

/**
 * Wires a carousel (`data-widget="carousel"`: `data-slide` parts with their `data-status`, `data-carousel-dot` buttons,
 * a `data-carousel-toggle` with its two labels).
 */
export function wireAffiliationsCarousel(root: HTMLElement): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>("[data-slide]")];
  const dots = [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const toggle = root.querySelector<HTMLButtonElement>("[data-carousel-toggle]");
  const toggleText = toggle?.querySelector("[data-carousel-toggle-label]");
  const status = root.querySelector<HTMLElement>("[data-carousel-status]");
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, listener: (event: HTMLElementEventMap[K]) => void) => {
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };

  let index = Math.max(0, dots.findIndex((dot) => dot.getAttribute("aria-current") === "true"));
  let hovered = false;
  let focused = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const running = () => !stopped && !hovered && !focused && !motion.matches && slides.length > 1;

  const render = () => {
    slides.forEach((slide, i) => {
      slide.setAttribute("aria-hidden", String(i !== index));
      slide.className = slideClass(i === index);
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const mark = dot.querySelector("span");
      if (mark) mark.className = dotClass(i === index);
    });
    const label = stopped ? toggle?.dataset.labelPlay : toggle?.dataset.labelPause;
    if (toggleText && label !== undefined) toggleText.textContent = label;
    if (status) status.textContent = carouselStatus(running(), slides[index]?.dataset.status ?? "");
  };
  // Like a timer that restarts whenever the carousel starts or stops moving.
  const update = () => {
    clearInterval(timer);
    timer = running()
      ? setInterval(() => {
          index = (index + 1) % slides.length;
          render();
        }, CAROUSEL_INTERVAL_MS)
      : undefined;
    render();
  };

  on(root, "mouseenter", () => {
    hovered = true;
    update();
  });
  on(root, "mouseleave", () => {
    hovered = false;
    update();
  });
  on(root, "focusin", () => {
    focused = true;
    update();
  });
  on(root, "focusout", (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    update();
  });
  if (toggle) {
    on(toggle, "click", () => {
      stopped = !stopped;
      update();
    });
  }
  dots.forEach((dot, i) =>
    on(dot, "click", () => {
      index = i;
      update();
    }),
  );
  motion.addEventListener("change", update);
  cleanups.push(() => motion.removeEventListener("change", update));

  // An image that failed before this ran never fires `error` again: check it now.
  for (const img of root.querySelectorAll<HTMLImageElement>("[data-slide] img")) {
    if (img.complete && img.naturalWidth === 0) showPlaceholder(img);
    else img.addEventListener("error", () => showPlaceholder(img), { once: true });
  }

  update();
  return () => {
    clearInterval(timer);
    for (const cleanup of cleanups) cleanup();
  };
}
