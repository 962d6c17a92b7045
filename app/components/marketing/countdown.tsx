import type { PilotPublicState } from "#core/pipeline/pilot-status";
import { cn } from "../ui/cn";
import { useSiteWords } from "~/lib/site-words";
import { COUNTDOWN_UNITS, pad2, timeRemaining, wireCountdown } from "./countdown.widget";
import { type CountdownKind, countdownText, pilotStatusPanel } from "./pilot-words";
import { useWidget } from "../ui/use-widget";

const UNIT_LABELS = {
  days: "countdown.days",
  hours: "countdown.hours",
  minutes: "countdown.minutes",
  seconds: "countdown.seconds",
} as const;

/** What the countdown counts to: the close of an open window, or the opening of one not open yet; else nothing. */
function countdownTarget(pilot: PilotPublicState): { kind: CountdownKind; deadlineMs: number } | null {
  if (pilot.status === "open" && pilot.enrollmentClosesAt) return { kind: "closes", deadlineMs: Date.parse(pilot.enrollmentClosesAt) };
  if (pilot.status === "not_open" && pilot.enrollmentOpensAt) return { kind: "opens", deadlineMs: Date.parse(pilot.enrollmentOpensAt) };
  return null;
}

/**
 * Countdown to the pilot's enrollment window (docs/requirements.md §4), from its live settings (ADR 0091): to its
 * close while it is open, to its opening before. Rendered with the server's time (`serverNow`, from the route
 * loader); the browser's clock takes over as soon as the widget is wired (./countdown.widget) and ticks every
 * second. With nothing to count to (no closing date, closed, every place taken) it says where the pilot stands.
 * The words of both sides of the instant are in the markup, in the page's language, for the widget to swap.
 */
export function Countdown({ pilot, serverNow, tone = "light", className }: { pilot: PilotPublicState; serverNow: number; tone?: "light" | "dark"; className?: string }) {
  const words = useSiteWords();
  const { t } = words;
  const ref = useWidget<HTMLDivElement>(wireCountdown);
  const target = countdownTarget(pilot);
  const headingClass = cn("text-sm font-semibold tracking-wide uppercase", tone === "dark" ? "text-accent-soft" : "text-brand");
  const noteClass = cn("mt-3 text-sm", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted");
  if (!target) {
    const panel = pilotStatusPanel(pilot, words);
    return (
      <div className={className} data-pilot-status={pilot.status}>
        <p className={headingClass}>{panel.heading}</p>
        <p className={noteClass}>{panel.note}</p>
      </div>
    );
  }
  const remaining = timeRemaining(target.deadlineMs, serverNow);
  const counting = countdownText(words, target.kind, false, target.deadlineMs);
  const done = countdownText(words, target.kind, true, target.deadlineMs);
  const text = remaining.done ? done : counting;
  return (
    <div
      ref={ref}
      className={className}
      data-widget="countdown"
      data-deadline={target.deadlineMs}
      data-pilot-status={pilot.status}
      data-counting-heading={counting.heading}
      data-counting-note={counting.note}
      data-done-heading={done.heading}
      data-done-note={done.note}
    >
      <p data-countdown-heading="" className={headingClass}>
        {text.heading}
      </p>
      <div
        role="timer"
        aria-label={t(target.kind === "opens" ? "countdown.timer.opens" : "countdown.timer.closes")}
        className="mt-3 grid grid-cols-4 gap-2 sm:gap-3"
      >
        {COUNTDOWN_UNITS.map((unit) => (
          <div
            key={unit}
            className={cn(
              "rounded-2xl px-2 py-3 text-center",
              tone === "dark" ? "bg-white/10 text-white" : "border border-line bg-surface text-ink",
            )}
          >
            <span className="block font-display text-3xl font-semibold tabular-nums sm:text-4xl" data-unit={unit}>
              {pad2(remaining[unit])}
            </span>
            <span className={cn("mt-1 block text-xs font-medium uppercase", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted")}>
              {t(UNIT_LABELS[unit])}
            </span>
          </div>
        ))}
      </div>
      <p data-countdown-note="" className={noteClass}>
        {text.note}
      </p>
    </div>
  );
}
