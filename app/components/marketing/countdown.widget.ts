/**
 * The countdown's behaviour, in plain DOM code: the same on pages React renders (./countdown, through
 * useWidget) and on pages served without React (app/page-scripts/widgets). The server renders the time left
 * by its own clock; once wired, the browser's clock takes over at once and the figures tick every second,
 * whatever the server rendered (docs/requirements.md §4, "Countdown"). The instant is the pilot's live enrollment
 * window (ADR 0091), written into the markup as `data-deadline`.
 */
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

export const COUNTDOWN_UNITS = [
  ["Days", "days"],
  ["Hours", "hours"],
  ["Minutes", "minutes"],
  ["Seconds", "seconds"],
] as const;

/** What a countdown counts to: the enrollment window's closing, or its opening while it is not open yet. */
export type CountdownKind = "closes" | "opens";

/**
 * The instant in Pacific time, formatted when asked: this module is part of the script of every page served
 * without React, and a time-zone formatter costs its set-up even on pages with no countdown.
 */
function deadlineLabel(deadlineMs: number): string {
  return formatInstant(deadlineMs, "long", PILOT_TIME_ZONE);
}

function countdownHeading(kind: CountdownKind, done: boolean): string {
  if (kind === "opens") return done ? "Pilot enrollment is open" : "Pilot enrollment opens in";
  return done ? "The pilot enrollment window has closed" : "Pilot enrollment closes in";
}

function countdownNote(kind: CountdownKind, done: boolean, deadlineMs: number): string {
  const deadline = deadlineLabel(deadlineMs);
  if (kind === "opens") {
    return done
      ? `Enrollment opened ${deadline} Pacific time. Apply below for a place.`
      : `Enrollment opens ${deadline} Pacific time. Apply now to join the priority waitlist and hear first.`;
  }
  return done
    ? `The deadline was ${deadline} Pacific time. Apply now to join the priority waitlist for the next group.`
    : `Deadline: ${deadline} Pacific time.`;
}

/** The words around the figures: they change once the instant has passed. */
export function countdownText(kind: CountdownKind, done: boolean, deadlineMs: number): { heading: string; note: string } {
  return { heading: countdownHeading(kind, done), note: countdownNote(kind, done, deadlineMs) };
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
function showRemaining(root: HTMLElement, kind: CountdownKind, deadlineMs: number, remaining: Remaining): void {
  for (const [, unit] of COUNTDOWN_UNITS) setText(root.querySelector(`[data-unit="${unit}"]`), pad2(remaining[unit]));
  const heading = root.querySelector("[data-countdown-heading]");
  const wanted = countdownHeading(kind, remaining.done);
  if (heading?.textContent === wanted) return;
  setText(heading, wanted);
  setText(root.querySelector("[data-countdown-note]"), countdownNote(kind, remaining.done, deadlineMs));
}

/**
 * Starts the browser's clock on a countdown (`data-widget="countdown"`, with `data-deadline`, the instant in
 * milliseconds, and `data-kind`); a status panel without a deadline has nothing to tick. Returns the stop function.
 */
export function wireCountdown(root: HTMLElement, clock?: CountdownClock): () => void {
  const deadlineMs = Number(root.dataset.deadline);
  if (!Number.isFinite(deadlineMs) || root.dataset.deadline === undefined) return () => undefined;
  const kind: CountdownKind = root.dataset.kind === "opens" ? "opens" : "closes";
  return startCountdownClock(deadlineMs, (now) => showRemaining(root, kind, deadlineMs, timeRemaining(deadlineMs, now)), clock);
}
