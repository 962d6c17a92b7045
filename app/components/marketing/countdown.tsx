import { cn } from "../ui/cn";
import { COUNTDOWN_DEADLINE_MS, COUNTDOWN_UNITS, countdownText, pad2, timeRemaining, wireCountdown } from "./countdown.widget";
import { useWidget } from "../ui/use-widget";

/**
 * Countdown to the pilot deadline (docs/requirements.md §4). Rendered with the server's time (`serverNow`, from the route
 * loader); the browser's clock takes over as soon as the widget is wired (./countdown.widget) and ticks
 * every second.
 */
export function Countdown({ serverNow, tone = "light", className }: { serverNow: number; tone?: "light" | "dark"; className?: string }) {
  const ref = useWidget<HTMLDivElement>(wireCountdown);
  const remaining = timeRemaining(COUNTDOWN_DEADLINE_MS, serverNow);
  const text = countdownText(remaining.done);
  return (
    <div ref={ref} className={className} data-widget="countdown">
      <p data-countdown-heading="" className={cn("text-sm font-semibold tracking-wide uppercase", tone === "dark" ? "text-accent-soft" : "text-brand")}>
        {text.heading}
      </p>
      <div role="timer" aria-label="Time left in the pilot enrollment window" className="mt-3 grid grid-cols-4 gap-2 sm:gap-3">
        {COUNTDOWN_UNITS.map(([label, unit]) => (
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
              {label}
            </span>
          </div>
        ))}
      </div>
      <p data-countdown-note="" className={cn("mt-3 text-sm", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted")}>
        {text.note}
      </p>
    </div>
  );
}
