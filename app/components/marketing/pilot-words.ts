/**
 * What the public pages say of the pilot's status (ADR 0091), from its live settings: one home for the words, so the
 * countdown, the apply section and the form say the same thing.
 */
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import { formatInstant, PILOT_TIME_ZONE } from "#core/time";

/** The heading and note shown where a countdown would be when there is nothing to count to. */
export function pilotStatusPanel(pilot: PilotPublicState): { heading: string; note: string } {
  switch (pilot.status) {
    case "full":
      return {
        heading: "Every place in the pilot is taken",
        note: "Apply now to join the priority waitlist: when a place comes free, the next woman on it hears first.",
      };
    case "closed":
      return {
        heading: "The pilot enrollment window has closed",
        note: pilot.enrollmentClosesAt
          ? `Enrollment closed ${formatInstant(Date.parse(pilot.enrollmentClosesAt), "long", PILOT_TIME_ZONE)} Pacific time. Apply now to join the priority waitlist for the next group.`
          : "Apply now to join the priority waitlist for the next group.",
      };
    case "not_open":
      return { heading: "Pilot enrollment opens soon", note: "Apply now to join the priority waitlist and hear first when it opens." };
    case "open":
      return { heading: "Pilot enrollment is open", note: `${pilot.capacity} places, given as applications are reviewed.` };
  }
}

/** One sentence for the apply sections while the pilot takes no new places; null while it does. */
export function waitlistSentence(pilot: PilotPublicState): string | null {
  if (pilot.status === "full") return "Every place in the pilot is taken, so applying now puts you on the priority waitlist.";
  if (pilot.status === "closed") return "Enrollment in the pilot has closed, so applying now puts you on the priority waitlist for the next group.";
  if (pilot.status === "not_open") return "Enrollment has not opened yet, so applying now puts you on the priority waitlist.";
  return null;
}
