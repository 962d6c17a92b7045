/**
 * The countdown's behaviour, in plain DOM code: the same on pages React renders (./countdown, through
 * useWidget) and on pages served without React (app/page-scripts/widgets). The server renders the time left
 * by its own clock; once wired, the browser's clock takes over at once and the figures tick every second,
 * whatever the server rendered (docs/requirements.md §4, "Countdown"). The instant is the pilot's live enrollment
 * window (ADR 0091), written into the markup as `data-deadline`; the words for either side of it are written there
 * too, in the page's language (ADR 0113), so this code holds no copy and formats no date.
 */

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Time left until the deadline; all zeros at or past it. */
export function timeRemaining(deadlineMs: number, nowMs: number): Remaining {
  const diff = Math.max(0, deadlineMs - nowMs);
  const total = Math.floor(diff / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: diff === 0,
  };
}

export const pad2 = (n: number) => String(n).padStart(2, "0");

/** The figures' units, in order (the server renders each one's label in the page's language). */
export const COUNTDOWN_UNITS = ["days", "hours", "minutes", "seconds"] as const;

export interface CountdownClock {
  /** The browser's clock (Date.now). */
  now: () => number;
  setInterval: (tick: () => void, ms: number) => unknown;
  clearInterval: (timer: unknown) => void;
}

const browserClock: CountdownClock = {
  now: () => Date.now(),
  setInterval: (tick, ms) => globalThis.setInterval(tick, ms),
  clearInterval: (timer) => globalThis.clearInterval(timer as ReturnType<typeof globalThis.setInterval>),
};

/**
 * Hands `onTick` the browser's own time at once, then every second until the deadline has passed,
 * whatever the server rendered (a server answer of zero included). Returns the stop function.
 */
export function startCountdownClock(deadlineMs: number, onTick: (nowMs: number) => void, clock: CountdownClock = browserClock): () => void {
  let timer: unknown;
  let stopped = false;
  const stop = () => {
    stopped = true;
    if (timer !== undefined) clock.clearInterval(timer);
  };
  const tick = () => {
    const now = clock.now();
    onTick(now);
    if (now >= deadlineMs) stop();
  };
  tick();
  if (!stopped) timer = clock.setInterval(tick, 1000);
  return stop;
}

/** Changes the text in place (the very text node React rendered, where there is one). */
function setText(el: Element | null, text: string): void {
  if (!el || el.textContent === text) return;
  const only = el.firstChild;
  if (only && only === el.lastChild && only.nodeType === Node.TEXT_NODE) only.nodeValue = text;
  else el.textContent = text;
}

/**
 * Shows `remaining` in a countdown's server-rendered markup (`data-unit`, `data-countdown-heading`, `-note`).
 * The words are swapped only when the heading shows the other state, for the ones the server wrote for that state
 * (`data-counting-heading`, `data-counting-note` before the instant; `data-done-heading`, `data-done-note` after).
 */
function showRemaining(root: HTMLElement, remaining: Remaining): void {
  for (const unit of COUNTDOWN_UNITS) setText(root.querySelector(`[data-unit="${unit}"]`), pad2(remaining[unit]));
  const heading = root.querySelector("[data-countdown-heading]");
  const words = root.dataset;
  const wanted = remaining.done ? words.doneHeading : words.countingHeading;
  if (wanted === undefined || heading?.textContent === wanted) return;
  setText(heading, wanted);
  const note = remaining.done ? words.doneNote : words.countingNote;
  if (note !== undefined) setText(root.querySelector("[data-countdown-note]"), note);
}

/**
 * Starts the browser's clock on a countdown (`data-widget="countdown"`, with `data-deadline`, the instant in
 * milliseconds, and the words of either side of it); a status panel without a deadline has nothing to tick.
 * Returns the stop function.
 */
export function wireCountdown(root: HTMLElement, clock?: CountdownClock): () => void {
  const deadlineMs = Number(root.dataset.deadline);
  if (!Number.isFinite(deadlineMs) || root.dataset.deadline === undefined) return () => undefined;
  return startCountdownClock(deadlineMs, (now) => showRemaining(root, timeRemaining(deadlineMs, now)), clock);
}
