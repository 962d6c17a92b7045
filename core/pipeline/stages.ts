/**
 * The pilot's selection as one state machine: the stages of an application and the moves staff (and
 * the applicant's offer answer, and the expiry job) may make between them. This table is the only
 * statement of the rules: the server refuses any other move (409), the admin offers only these, and the
 * OpenAPI description and ADR 0059 print it. Plain data, no validator: the admin's bundles import it.
 */

export const STAGES = [
  "new",
  "reviewing",
  "assessment_invited",
  "assessment_passed",
  "not_eligible",
  "offered",
  "enrolled",
  "declined",
  "offer_expired",
  "waitlisted",
  "withdrawn",
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  new: "New",
  reviewing: "Reviewing",
  assessment_invited: "Assessment invited",
  assessment_passed: "Assessment passed",
  not_eligible: "Not eligible",
  offered: "Offered",
  enrolled: "Enrolled",
  declined: "Declined",
  offer_expired: "Offer expired",
  waitlisted: "Waitlisted",
  withdrawn: "Withdrawn",
};

/** Stages an applicant may withdraw from (everything still open, enrolment included). */
const WITHDRAWABLE: readonly Stage[] = ["new", "reviewing", "assessment_invited", "assessment_passed", "offered", "waitlisted", "enrolled"];

/** Every allowed move: from a stage, the stages it may go to. Anything not listed is refused. */
export const ALLOWED_MOVES: Readonly<Record<Stage, readonly Stage[]>> = {
  // A clear case may be invited straight from New (one move, not two).
  new: ["reviewing", "assessment_invited", "withdrawn"],
  reviewing: ["assessment_invited", "not_eligible", "waitlisted", "withdrawn"],
  assessment_invited: ["assessment_passed", "not_eligible", "withdrawn"],
  assessment_passed: ["offered", "waitlisted", "withdrawn"],
  not_eligible: [],
  offered: ["enrolled", "declined", "offer_expired", "withdrawn"],
  enrolled: ["withdrawn"],
  declined: ["waitlisted"],
  offer_expired: ["waitlisted"],
  waitlisted: ["offered", "withdrawn"],
  withdrawn: [],
};

for (const stage of WITHDRAWABLE) {
  if (!ALLOWED_MOVES[stage].includes("withdrawn")) throw new Error(`stage table: ${stage} must allow withdrawn`);
}

export function isStage(value: unknown): value is Stage {
  return typeof value === "string" && (STAGES as readonly string[]).includes(value);
}

export function canMove(from: Stage, to: Stage): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/** Stages that hold one of the pilot's places (an offer only until it expires). */
export const PLACE_STAGES: readonly Stage[] = ["offered", "enrolled"];

/**
 * Moves only the system makes on its own besides staff: none are staff-forbidden, listed for the docs.
 * @public
 */
export const AUTOMATIC_MOVES = [
  { from: "offered", to: "enrolled", by: "the applicant's Accept" },
  { from: "offered", to: "declined", by: "the applicant's Decline" },
  { from: "offered", to: "offer_expired", by: "the expiry job, once the offer's deadline passed" },
  { from: "offer_expired", to: "waitlisted", by: "the expiry job, right after" },
  { from: "waitlisted", to: "offered", by: "automatic promotion after a decline or an expiry" },
] as const satisfies readonly { from: Stage; to: Stage; by: string }[];

/** The table as Markdown lines (the OpenAPI description prints it). */
export function stageTableText(): string {
  return STAGES.map((from) => `- ${from} → ${ALLOWED_MOVES[from].length ? ALLOWED_MOVES[from].join(", ") : "(final)"}`).join("\n");
}
