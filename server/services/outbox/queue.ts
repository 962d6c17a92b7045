/**
 * The emails of a new submission. They are queued by the statement that inserts the record
 * (../submissions), so a stored submission always has its emails queued and a failed insert queues none.
 * A submission that carries an idempotency key stores it on each job (unique per key and kind): a
 * retried submission queues its emails once. The Message-ID is fixed here, so a resend after a crash is
 * recognisable.
 */
import { applicationsGoToWaitlist, type PilotPublicState } from "#core/pipeline/pilot-status";
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { domainOf } from "#core/mail-address";
import type { OutboxKind, PayloadByKind } from "../mail-templates";

/** A database or an open transaction on it. */
export type Executor = Pick<Database, "insert">;

export interface OutboxQueueConfig {
  /** Staff addresses for alerts (empty: no staff alerts). */
  staffTo: string[];
  /** Contact alerts by reason value; a reason without an entry goes to staffTo. */
  staffByReason: Record<string, string>;
  /** The domain of the From address, used in Message-IDs. */
  messageIdDomain: string;
}

export function outboxQueueConfig(env: {
  STAFF_NOTIFY_TO: string[];
  STAFF_NOTIFY_BY_REASON: Record<string, string>;
  MAIL_FROM: string;
}): OutboxQueueConfig {
  const match = /<([^>]+)>/.exec(env.MAIL_FROM);
  return {
    staffTo: env.STAFF_NOTIFY_TO,
    staffByReason: env.STAFF_NOTIFY_BY_REASON,
    messageIdDomain: domainOf(match?.[1] ?? env.MAIL_FROM),
  };
}

/**
 * One email to queue for a new record. `payload` is what the email is rendered from, except the record's
 * id and submission time: with `recordKey`, the payload also gets the record's id under that name and its
 * submission time as `submittedAt` (filled in by whoever inserts the record, in SQL or here).
 */
export interface OutboxJob {
  kind: OutboxKind;
  recipients: string[];
  subjectEmail: string;
  payload: Record<string, unknown>;
  recordKey?: string;
}

export interface QueuedApplication {
  firstName: string;
  lastName: string;
  email: string;
  formSource: string;
}

/**
 * The applicant's confirmation (with the pilot's places and whether she applied while it took no new places),
 * and the staff alert when staff addresses are configured.
 */
export function applicationJobs(config: OutboxQueueConfig, application: QueuedApplication, pilot?: PilotPublicState): OutboxJob[] {
  const email = application.email.toLowerCase();
  const confirmation: PayloadByKind["application_confirmation"] = pilot ? { capacity: pilot.capacity, toWaitlist: applicationsGoToWaitlist(pilot.status) } : {};
  const alert: Omit<PayloadByKind["staff_application_alert"], "applicationId" | "submittedAt"> = {
    firstName: application.firstName,
    lastName: application.lastName,
    email,
    formSource: application.formSource,
  };
  return [
    { kind: "application_confirmation", recipients: [email], subjectEmail: email, payload: { ...confirmation } },
    { kind: "staff_application_alert", recipients: config.staffTo, subjectEmail: email, payload: alert, recordKey: "applicationId" },
  ].filter((job) => job.recipients.length > 0) as OutboxJob[];
}

export interface QueuedContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
  subject: string;
}

/** The sender's acknowledgement, and the staff alert to the reason's inquiry mailbox or STAFF_NOTIFY_TO. */
export function contactJobs(config: OutboxQueueConfig, message: QueuedContactMessage): OutboxJob[] {
  const email = message.email.toLowerCase();
  const byReason = config.staffByReason[message.reason];
  const acknowledgement: PayloadByKind["contact_acknowledgement"] = {};
  const alert: Omit<PayloadByKind["staff_contact_alert"], "contactMessageId" | "submittedAt"> = {
    firstName: message.firstName,
    lastName: message.lastName,
    email,
    reason: message.reason,
  };
  return [
    { kind: "contact_acknowledgement", recipients: [email], subjectEmail: email, payload: { ...acknowledgement } },
    {
      kind: "staff_contact_alert",
      recipients: byReason ? [byReason] : config.staffTo,
      subjectEmail: email,
      payload: alert,
      recordKey: "contactMessageId",
    },
  ].filter((job) => job.recipients.length > 0) as OutboxJob[];
}

/** A job as an outbox row, with a fresh id and the Message-ID fixed with it (the record's columns aside). */
export function outboxRow(config: OutboxQueueConfig, job: OutboxJob) {
  const id = randomUUID();
  return {
    id,
    kind: job.kind,
    recipients: job.recipients,
    subject_email: job.subjectEmail,
    payload: job.payload,
    message_id: `<${id}@${config.messageIdDomain}>`,
  };
}

/**
 * Queues the applicant's emails for an application already stored, inside the caller's transaction
 * (the submission service queues them in its own insert statement instead).
 */
export async function queueApplicationEmails(
  tx: Executor,
  config: OutboxQueueConfig,
  application: QueuedApplication & { id: string; submitted_at: Date },
  idempotencyKey?: string,
): Promise<void> {
  const rows = applicationJobs(config, application).map((job) => ({
    ...outboxRow(config, job),
    application_id: application.id,
    idempotency_key: idempotencyKey ?? null,
    payload: job.recordKey
      ? { ...job.payload, [job.recordKey]: application.id, submittedAt: application.submitted_at.toISOString() }
      : job.payload,
  }));
  if (rows.length > 0) await tx.insert(emailOutbox).values(rows).onConflictDoNothing();
}
