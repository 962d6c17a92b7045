/**
 * Where the pilot stands for a visitor, worked out from its live settings (ADR 0091): not open yet, open,
 * closed (the enrollment window has ended), or full (every place taken or offered). Plain data, no validator:
 * the public pages and the server both read it.
 */

export const PILOT_STATUSES = ["open", "not_open", "closed", "full"] as const;
export type PilotStatus = (typeof PILOT_STATUSES)[number];

/** What a visitor's page knows of the pilot: no name, no count of anyone's, only the settings and the status. */
export interface PilotPublicState {
  capacity: number;
  status: PilotStatus;
  /** ISO instants, or null when the window has no such end. */
  enrollmentOpensAt: string | null;
  enrollmentClosesAt: string | null;
}

/**
 * The window decides first (before it opens, after it closes), then the places: a window that has ended says
 * "closed" even when every place is also taken, the truer word for a woman arriving then.
 */
export function pilotStatusOf(
  window: { opensAt: Date | null; closesAt: Date | null },
  places: { capacity: number; taken: number },
  now: Date,
): PilotStatus {
  if (window.opensAt && now.getTime() < window.opensAt.getTime()) return "not_open";
  if (window.closesAt && now.getTime() >= window.closesAt.getTime()) return "closed";
  if (places.taken >= places.capacity) return "full";
  return "open";
}

/** Whether a form sent now joins the waitlist rather than applying for a place. */
export function applicationsGoToWaitlist(status: PilotStatus): boolean {
  return status !== "open";
}
