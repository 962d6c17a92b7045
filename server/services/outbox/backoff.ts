/** Retry schedule of the sender: exponential from 30 s, capped at one hour, with ±20 % jitter. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_CAP_MS = 3600_000;

/** Delay before the next try after `attempt` failed tries (1-based); `random` in [0, 1). */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 20));
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(base * (0.8 + 0.4 * random()));
}
