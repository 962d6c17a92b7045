import { useEffect, useState } from "react";

/**
 * Seconds left until `until` (an ISO time from the server), ticking each second while the page is open: 0 once it
 * has passed or when there is none. An Undo offered "while its emails still wait" shows this and leaves at 0.
 */
export function useSecondsLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const end = until ? new Date(until).getTime() : Number.NaN;
  useEffect(() => {
    if (Number.isNaN(end)) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= end) window.clearInterval(timer);
    };
    // At once too: the clock read when the page opened may be minutes old by the time an Undo is offered.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [end]);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}
