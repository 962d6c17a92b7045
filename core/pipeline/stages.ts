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
export const WITHDRAWABLE: readonly Stage[] = ["new", "reviewing", "assessment_invited", "assessment_passed", "offered", "waitlisted", "enrolled"];

/** The moves forward: from a stage, the stages it may go to next. */
export const FORWARD_MOVES: Readonly<Record<Stage, readonly Stage[]>> = {
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

/**
 * The moves back a coordinator needs to take back a mistake (ADR 0090); each needs a reason from staff. Out of Not
 * eligible and Withdrawn she goes back only to where she was (`RETURNS_TO_PREVIOUS`); into a place (offered,
 * enrolled) only while one is free.
 */
export const MOVES_BACK: Readonly<Partial<Record<Stage, readonly Stage[]>>> = {
  assessment_invited: ["reviewing"],
  assessment_passed: ["assessment_invited"],
  not_eligible: ["reviewing", "assessment_invited"],
  waitlisted: ["reviewing"],
  withdrawn: ["new", "reviewing", "assessment_invited", "assessment_passed", "offered", "enrolled", "waitlisted"],
};

/** Stages left only back to the stage she was in before (read from her stage history). */
export const RETURNS_TO_PREVIOUS: readonly Stage[] = ["not_eligible", "withdrawn"];

/** Every allowed move: from a stage, the stages it may go to. Anything not listed is refused. */
export const ALLOWED_MOVES: Readonly<Record<Stage, readonly Stage[]>> = {
  new: FORWARD_MOVES.new,
  reviewing: FORWARD_MOVES.reviewing,
  assessment_invited: [...FORWARD_MOVES.assessment_invited, ...(MOVES_BACK.assessment_invited ?? [])],
  assessment_passed: [...FORWARD_MOVES.assessment_passed, ...(MOVES_BACK.assessment_passed ?? [])],
  not_eligible: [...FORWARD_MOVES.not_eligible, ...(MOVES_BACK.not_eligible ?? [])],
  offered: FORWARD_MOVES.offered,
  enrolled: FORWARD_MOVES.enrolled,
  declined: FORWARD_MOVES.declined,
  offer_expired: FORWARD_MOVES.offer_expired,
  waitlisted: [...FORWARD_MOVES.waitlisted, ...(MOVES_BACK.waitlisted ?? [])],
  withdrawn: [...FORWARD_MOVES.withdrawn, ...(MOVES_BACK.withdrawn ?? [])],
};

/** Whether a move takes an application back (a reason is needed). */
export function isMoveBack(from: Stage, to: Stage): boolean {
  return MOVES_BACK[from]?.includes(to) ?? false;
}

/** Moves that end her path in the pilot: staff confirm them before they go (and every bulk move). */
export const ENDING_STAGES: readonly Stage[] = ["not_eligible", "withdrawn", "declined", "offer_expired"];

/** The email a staff move into a stage sends her (none for a move back, unless it gives her a place). */
export const MOVE_EMAILS: Partial<Record<Stage, string>> = {
  assessment_invited: "the assessment invitation",
  assessment_passed: "a note that she passed and what comes next",
  offered: "the place offer, with its deadline",
  enrolled: "the confirmation of her place",
  waitlisted: "the waitlist notice",
  not_eligible: "a letter saying she was not selected",
  withdrawn: "a letter confirming her withdrawal",
};

/** Forward moves of an applicant who does not meet the criteria need a reason from staff (into the assessment or a place). */
export const NEEDS_REASON_WHEN_INELIGIBLE: readonly Stage[] = ["assessment_invited", "assessment_passed", "offered", "enrolled", "waitlisted"];

/** Whether a staff move needs a reason: every move back, and an ineligible applicant's move forward into the steps above. */
export function moveNeedsReason(from: Stage, to: Stage, eligible: boolean): boolean {
  return isMoveBack(from, to) || (!eligible && NEEDS_REASON_WHEN_INELIGIBLE.includes(to));
}

/** What a staff move from one stage to another emails her, in words; null when it sends nothing. */
export function moveEmail(from: Stage, to: Stage): string | null {
  if (isMoveBack(from, to) && !PLACE_STAGES.includes(to)) return null;
  return MOVE_EMAILS[to] ?? null;
}

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
