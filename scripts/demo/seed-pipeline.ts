/**
 * The demo seed's selection: for each generated application, a stage reached the way staff, the
 * applicant and the expiry job would have reached it: a path of allowed moves (core/pipeline/stages.ts)
 * with increasing times after submission, the stage-history rows of that path, the offer rows of any
 * offer on it, and the waitlist order. Places are counted as the server counts them: enrolled plus
 * offers not yet answered or expired never exceed the capacity (PILOT_CAPACITY), and an open offer
 * expires OFFER_DAYS after it was made, in the future.
 *
 * Pure: the caller gives the random source, the clock and the application's id (a fresh UUID, so a
 * second seed into the same database adds rows instead of colliding).
 */
import { createHash } from "node:crypto";
import { eligibilityOf } from "#core/pipeline/eligibility";
import { canMove, type Stage } from "#core/pipeline/stages";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SeedRandom {
  next: () => number;
  chance: (p: number) => boolean;
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
}

/** Who made the demo's staff moves (no real account; the history shows it by name). */
export const DEMO_STAFF = "demo-staff";

export interface PipelineSeedState {
  capacity: number;
  offerDays: number;
  /** Places given so far by this seed: enrolled, and offers still open. */
  enrolled: number;
  openOffers: number;
  /** How many places this seed gives as enrolments and as open offers (within the free places; the rest stay free). */
  enrolledTarget: number;
  offeredTarget: number;
}

export function pipelineSeedState(capacity: number, offerDays: number): PipelineSeedState {
  const enrolledTarget = Math.floor(capacity * 0.5);
  const offeredTarget = Math.floor(capacity * 0.2);
  return { capacity, offerDays, enrolled: 0, openOffers: 0, enrolledTarget, offeredTarget };
}

export interface HistoryRow {
  application_id: string;
  from_stage: Stage;
  to_stage: Stage;
  actor_username: string | null;
  reason: string | null;
  at: string;
}

export interface ReviewRow {
  application_id: string;
  meets_criteria: boolean;
  recommendation: "pass" | "not_eligible";
  reason: string;
  reviewer_username: string;
  created_at: string;
}

export interface OfferRow {
  application_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  answered_at: string | null;
  outcome: "accepted" | "declined" | "expired" | "withdrawn" | null;
}

export interface SeededSelection {
  stage: Stage;
  stage_changed_at: Date;
  waitlist_rank: number | null;
  history: HistoryRow[];
  offers: OfferRow[];
  /** The review before each pass or not-eligible decision out of the assessment (the move service asks for one, ADR 0101). */
  reviews: ReviewRow[];
}

/** Where an applicant ends up: eligible applicants move further; most of the others are found not eligible. */
type Outcome = Stage | "placed" | "waitlisted_after_offer";

const ELIGIBLE_OUTCOMES: readonly (readonly [Outcome, number])[] = [
  ["new", 34], ["reviewing", 20], ["assessment_invited", 13], ["assessment_passed", 7], ["not_eligible", 4],
  ["waitlisted", 10], ["waitlisted_after_offer", 1], ["withdrawn", 5], ["declined", 0.6], ["offer_expired", 0.4], ["placed", 2],
];

const INELIGIBLE_OUTCOMES: readonly (readonly [Outcome, number])[] = [
  ["new", 40], ["reviewing", 15], ["assessment_invited", 2], ["not_eligible", 33], ["waitlisted", 4], ["withdrawn", 6],
];

const TO_PASSED: readonly Stage[] = ["reviewing", "assessment_invited", "assessment_passed"];

/** The stages of a path (after `new`) that end in `stage`, for stages that need no offer. */
function pathTo(random: SeedRandom, outcome: Exclude<Outcome, "placed" | "waitlisted_after_offer" | "declined" | "offer_expired">, eligible: boolean): Stage[] {
  switch (outcome) {
    case "new":
      return [];
    case "reviewing":
    case "assessment_invited":
    case "assessment_passed":
      return TO_PASSED.slice(0, TO_PASSED.indexOf(outcome) + 1);
    case "not_eligible":
      // Found so on review (most who do not meet the criteria) or by the assessment.
      return !eligible || random.chance(0.3) ? ["reviewing", "not_eligible"] : ["reviewing", "assessment_invited", "not_eligible"];
    case "waitlisted":
      return eligible && random.chance(0.4) ? [...TO_PASSED, "waitlisted"] : ["reviewing", "waitlisted"];
    case "withdrawn": {
      const before = random.weighted<Stage[]>([[[], 3], [["reviewing"], 3], [["reviewing", "assessment_invited"], 2], [TO_PASSED.slice(), 1], [["reviewing", "waitlisted"], 1]]);
      return [...before, "withdrawn"];
    }
    default:
      return [];
  }
}

/** Needs a reason when staff move an applicant who does not meet the criteria forward (as the server asks). */
const NEEDS_REASON: readonly Stage[] = ["assessment_invited", "assessment_passed", "offered", "enrolled", "waitlisted"];

/**
 * The selection of one application submitted at `submitted` (all times before `now`): its stage, the
 * history of the moves there and its offers. Updates `state` when a place is given.
 */
export function seedSelection(
  random: SeedRandom,
  state: PipelineSeedState,
  application: { id: string; age: number; state: string; zipCode: string | null; submitted: Date },
  now: number,
): SeededSelection {
  const eligible = eligibilityOf(application).eligible;
  const submitted = application.submitted.getTime();
  const offerMs = state.offerDays * DAY;
  let outcome = random.weighted(eligible ? ELIGIBLE_OUTCOMES : INELIGIBLE_OUTCOMES);
  if (outcome === "placed") {
    if (state.enrolled < state.enrolledTarget) outcome = "enrolled";
    else if (state.openOffers < state.offeredTarget && submitted < now - HOUR) outcome = "offered";
    else outcome = "assessment_passed";
  }
  // An offer that expired (or was declined after expiring) needs its whole deadline before now.
  const expiryPossible = submitted + offerMs + 2 * HOUR < now;
  if ((outcome === "offer_expired" || outcome === "waitlisted_after_offer") && !expiryPossible) outcome = "assessment_passed";
  if ((outcome === "declined" || outcome === "enrolled") && submitted > now - 2 * HOUR) outcome = "assessment_passed";

  // The moves after `new`, each with who made it; the offer's times fixed first when there is one.
  const moves: { to: Stage; at: number; by: string | null; reason: string | null }[] = [];
  const offers: OfferRow[] = [];
  const staffMoves = (stages: readonly Stage[], from: number, until: number) => {
    // Increasing times in (from, until]: the gaps of sorted uniform draws, at least a minute apart.
    const span = Math.max(stages.length * MINUTE, until - from);
    const points = stages.map(() => random.next()).toSorted((a, b) => a - b);
    let last = from;
    for (const [i, stage] of stages.entries()) {
      const at = Math.max(last + MINUTE, Math.min(until, Math.round(from + span * (points[i] ?? 1))));
      moves.push({ to: stage, at, by: DEMO_STAFF, reason: null });
      last = at;
    }
    return last;
  };
  /** Most staff moves happen within weeks of submission: the path's end, between submission and now. */
  const pathEnd = (from: number) => Math.min(now - MINUTE, from + Math.max(HOUR, (now - from) * random.next() ** 2));

  if (outcome === "offered" || outcome === "enrolled" || outcome === "declined" || outcome === "offer_expired" || outcome === "waitlisted_after_offer") {
    let offeredAt: number;
    if (outcome === "offered") {
      // Still open: made within the deadline, so it expires after now.
      const earliest = Math.max(submitted + 4 * MINUTE, now - offerMs + HOUR);
      offeredAt = earliest + Math.floor(random.next() * Math.max(MINUTE, now - MINUTE - earliest));
    } else if (outcome === "offer_expired" || outcome === "waitlisted_after_offer") {
      const latest = now - offerMs - HOUR;
      offeredAt = submitted + 4 * MINUTE + Math.floor(random.next() * Math.max(MINUTE, latest - submitted - 4 * MINUTE));
    } else {
      offeredAt = submitted + 4 * MINUTE + Math.floor(random.next() * Math.max(MINUTE, now - 2 * HOUR - submitted - 4 * MINUTE));
    }
    staffMoves(TO_PASSED, submitted, offeredAt - MINUTE);
    moves.push({ to: "offered", at: offeredAt, by: DEMO_STAFF, reason: null });
    const expiresAt = offeredAt + offerMs;
    const offer: OfferRow = {
      application_id: application.id,
      token_hash: createHash("sha256").update(`demo-offer-${application.id}`).digest("hex"),
      created_at: new Date(offeredAt).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
      answered_at: null,
      outcome: null,
    };
    offers.push(offer);
    if (outcome === "offered") {
      state.openOffers++;
    } else if (outcome === "enrolled" || outcome === "declined") {
      // Answered from her email, before the deadline and before now.
      const answeredAt = offeredAt + MINUTE + Math.floor(random.next() * Math.max(MINUTE, Math.min(expiresAt, now) - offeredAt - 2 * MINUTE));
      moves.push({ to: outcome, at: answeredAt, by: null, reason: null });
      offer.answered_at = new Date(answeredAt).toISOString();
      offer.outcome = outcome === "enrolled" ? "accepted" : "declined";
      if (outcome === "enrolled") state.enrolled++;
    } else {
      // The expiry job: offer_expired, then straight back on the waitlist (one millisecond apart, so the order is plain).
      const expiredAt = expiresAt + Math.floor(random.next() * 10 * MINUTE);
      moves.push({ to: "offer_expired", at: expiredAt, by: "system", reason: "No answer before the deadline" });
      offer.answered_at = new Date(expiredAt).toISOString();
      offer.outcome = "expired";
      if (outcome === "waitlisted_after_offer") moves.push({ to: "waitlisted", at: expiredAt + 1, by: "system", reason: null });
    }
  } else {
    const stages = pathTo(random, outcome, eligible);
    // Submitted minutes ago: nobody has moved her yet.
    if (submitted + (stages.length + 1) * MINUTE < now) staffMoves(stages, submitted, pathEnd(submitted));
  }

  let from: Stage = "new";
  const history: HistoryRow[] = [];
  for (const move of moves) {
    if (!canMove(from, move.to)) throw new Error(`seed: ${from} → ${move.to} is not an allowed move`);
    const reason = move.reason ?? (move.by === DEMO_STAFF && !eligible && NEEDS_REASON.includes(move.to) ? "Demo data: moved on despite the criteria" : null);
    history.push({
      application_id: application.id,
      from_stage: from,
      to_stage: move.to,
      actor_username: move.by,
      reason,
      at: new Date(move.at).toISOString(),
    });
    from = move.to;
  }
  // Each decision out of the assessment follows a review written half a minute before it (moves are a minute apart).
  const reviews: ReviewRow[] = history
    .filter((h) => h.from_stage === "assessment_invited" && (h.to_stage === "assessment_passed" || h.to_stage === "not_eligible"))
    .map((h) => ({
      application_id: h.application_id,
      meets_criteria: h.to_stage === "assessment_passed",
      recommendation: h.to_stage === "assessment_passed" ? "pass" : "not_eligible",
      reason: h.to_stage === "assessment_passed" ? "Demo data: the result meets the pilot's criteria" : "Demo data: the result is outside the pilot's criteria",
      reviewer_username: DEMO_STAFF,
      created_at: new Date(Date.parse(h.at) - 30_000).toISOString(),
    }));
  const last = moves[moves.length - 1];
  const stageChangedAt = new Date(last ? last.at : submitted);
  // On the waitlist at its end, in the order of waitlisting (as the server does, ADR 0087).
  const waitlistRank = from === "waitlisted" ? stageChangedAt.getTime() : null;
  return { stage: from, stage_changed_at: stageChangedAt, waitlist_rank: waitlistRank, history, offers, reviews };
}
