/**
 * The countdown's behaviour, in plain DOM code: the same on pages React renders (./countdown, through
 * useWidget) and on pages served without React (app/page-scripts/widgets). The server renders the time left
 * by its own clock; once wired, the browser's clock takes over at once and the figures tick every second,
 * whatever the server rendered (docs/requirements.md §4, "Countdown").
 */
import { brand } from "#core/brand";
import { formatInstant, PILOT_TIME_ZONE } from "#core/time";

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

export const COUNTDOWN_DEADLINE_MS = Date.parse(brand.pilot.deadline);

export const COUNTDOWN_UNITS = [
  ["Days", "days"],
  ["Hours", "hours"],
  ["Minutes", "minutes"],
  ["Seconds", "seconds"],
] as const;

let deadlineText: string | undefined;

/**
 * The deadline in Pacific time, formatted on first use: this module is part of the script of every page
 * served without React, and a time-zone formatter costs its set-up even on pages with no countdown.
 */
function deadlineLabel(): string {
  deadlineText ??= formatInstant(COUNTDOWN_DEADLINE_MS, "long", PILOT_TIME_ZONE);
  return deadlineText;
}

function countdownHeading(done: boolean): string {
  return done ? "First pilot enrollment window has closed" : "Pilot enrollment closes in";
}

function countdownNote(done: boolean): string {
  const deadline = deadlineLabel();
  return done
    ? `The deadline was ${deadline} Pacific time. Apply now to join the priority waitlist for the next cohort.`
    : `Deadline: ${deadline} Pacific time.`;
}

/** The words around the figures: they change once the window has closed. */
export function countdownText(done: boolean): { heading: string; note: string } {
  return { heading: countdownHeading(done), note: countdownNote(done) };
}

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
 * The words are rewritten only when the heading shows the other state: the note the server wrote with the
 * heading stays, so a page whose clock agrees with the server's never sets up a time-zone formatter.
 */
function showRemaining(root: HTMLElement, remaining: Remaining): void {
  for (const [, unit] of COUNTDOWN_UNITS) setText(root.querySelector(`[data-unit="${unit}"]`), pad2(remaining[unit]));
  const heading = root.querySelector("[data-countdown-heading]");
  const wanted = countdownHeading(remaining.done);
  if (heading?.textContent === wanted) return;
  setText(heading, wanted);
  setText(root.querySelector("[data-countdown-note]"), countdownNote(remaining.done));
}

/** Starts the browser's clock on a countdown (`data-widget="countdown"`); returns the stop function. */
export function wireCountdown(root: HTMLElement, clock?: CountdownClock): () => void {
  return startCountdownClock(COUNTDOWN_DEADLINE_MS, (now) => showRemaining(root, timeRemaining(COUNTDOWN_DEADLINE_MS, now)), clock);
}
