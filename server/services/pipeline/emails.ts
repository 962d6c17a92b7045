/**
 * The selection's emails, queued in the outbox inside the move's transaction (ADR 0008): a committed
 * move always has its email, a refused one never. Payloads hold a first name and what the email says
 * (a link, a deadline, a position), never a form answer.
 */
import { outsideArea } from "#core/pipeline/eligibility";
import { emailOutbox } from "../../db/schema";
import type { OutboxKind, PayloadByKind } from "../mail-templates";
import { type OutboxQueueConfig, outboxRow } from "../outbox";
import type { Tx } from "./tx";

export interface Recipient {
  id: string;
  email: string;
}

/**
 * The outbox settings of a move's emails: a staff move's are held for its undo window and tagged with the move,
 * so an Undo cancels those not yet sent (ADR 0090).
 */
export interface SelectionMailConfig extends OutboxQueueConfig {
  hold?: { moveId: string; until: Date };
}

export async function queueApplicantEmail<K extends OutboxKind>(
  tx: Tx,
  config: SelectionMailConfig,
  kind: K,
  to: Recipient,
  payload: PayloadByKind[K],
): Promise<void> {
  const email = to.email.toLowerCase();
  const row = outboxRow(config, { kind, recipients: [email], subjectEmail: email, payload: { ...payload } });
  const held = config.hold ? { move_id: config.hold.moveId, next_attempt_at: config.hold.until } : {};
  await tx.insert(emailOutbox).values({ ...row, application_id: to.id, ...held });
}

/**
 * A staff alert of the selection (./moves.ts alertStaff): to STAFF_NOTIFY_TO and to the record's owner when she has
 * a work address, one email to them all; none when there is nobody to tell.
 */
export async function queueStaffSelectionAlert(
  tx: Tx,
  config: OutboxQueueConfig,
  about: Recipient,
  payload: PayloadByKind["staff_selection_alert"],
  owner: string | null = null,
): Promise<void> {
  const recipients = [...new Set([...config.staffTo, ...(owner ? [owner.toLowerCase()] : [])])];
  if (recipients.length === 0) return;
  const row = outboxRow(config, {
    kind: "staff_selection_alert",
    recipients,
    subjectEmail: about.email.toLowerCase(),
    payload: { ...payload },
  });
  await tx.insert(emailOutbox).values({ ...row, application_id: about.id });
}

/**
 * The letter of an outcome without a place: not eligible (where the pilot runs, when she lives outside it;
 * a new city promised only with her marketing consent), or withdrawn by staff. Every applicant hears the
 * outcome (ADR 0087).
 */
export async function queueOutcomeLetter(
  tx: Tx,
  config: SelectionMailConfig,
  outcome: "not_eligible" | "withdrawn",
  to: Recipient,
  about: { firstName: string; state: string; zipCode: string | null; marketingConsent: boolean },
): Promise<void> {
  if (outcome === "withdrawn") return queueApplicantEmail(tx, config, "withdrawal_notice", to, { firstName: about.firstName });
  const outside = outsideArea(about);
  await queueApplicantEmail(tx, config, "not_eligible_notice", to, {
    firstName: about.firstName,
    outside,
    newCityNews: outside !== null && about.marketingConsent,
  });
}
