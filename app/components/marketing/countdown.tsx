import * as React from "react";
import { brand } from "#core/brand";
import { cn } from "../ui/cn";

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Time left until the deadline; all zeros at or past it (spec §4 "Countdown"). */
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

export const pad2 = (n: number) => String(n).padStart(2, "0");

const deadlineLabel = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Los_Angeles",
}).format(new Date(brand.pilot.deadline));

/**
 * Countdown to the pilot deadline, ticking every second. `serverNow` (from the route loader) makes
 * the first render identical on the server and in the browser; the browser clock takes over after.
 */
export function Countdown({ serverNow, tone = "light", className }: { serverNow: number; tone?: "light" | "dark"; className?: string }) {
  const deadline = Date.parse(brand.pilot.deadline);
  const [now, setNow] = React.useState(serverNow);
  const remaining = timeRemaining(deadline, now);

  React.useEffect(() => startCountdownClock(deadline, setNow), [deadline]);

  const units: [string, number][] = [
    ["Days", remaining.days],
    ["Hours", remaining.hours],
    ["Minutes", remaining.minutes],
    ["Seconds", remaining.seconds],
  ];
  return (
    <div className={className}>
      <p className={cn("text-sm font-semibold tracking-wide uppercase", tone === "dark" ? "text-accent-soft" : "text-brand")}>
        {remaining.done ? "First pilot enrollment window has closed" : "Pilot enrollment closes in"}
      </p>
      <div role="timer" aria-label="Time left in the pilot enrollment window" className="mt-3 grid grid-cols-4 gap-2 sm:gap-3">
        {units.map(([label, value]) => (
          <div
            key={label}
            className={cn(
              "rounded-2xl px-2 py-3 text-center",
              tone === "dark" ? "bg-white/10 text-white" : "border border-line bg-surface text-ink",
            )}
          >
            <span className="block font-display text-3xl font-semibold tabular-nums sm:text-4xl" data-unit={label.toLowerCase()}>
              {pad2(value)}
            </span>
            <span className={cn("mt-1 block text-xs font-medium uppercase", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted")}>
              {label}
            </span>
          </div>
        ))}
      </div>
      <p className={cn("mt-3 text-sm", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted")}>
        {remaining.done
          ? `The deadline was ${deadlineLabel} Pacific time. Apply now to join the priority waitlist for the next cohort.`
          : `Deadline: ${deadlineLabel} Pacific time.`}
      </p>
    </div>
  );
}
