/**
 * Queues the emails of a new submission. Called inside the transaction that inserts the record, so a
 * stored submission always has its emails queued and a failed insert queues none. A submission that
 * carries an idempotency key stores it on each job (unique per key and kind): a retried submission
 * queues its emails once. The Message-ID is fixed here, so a resend after a crash is recognisable.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { domainOf } from "./addresses";
import type { OutboxKind, PayloadByKind } from "./kinds";

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

interface Job<K extends OutboxKind> {
  kind: K;
  recipients: string[];
  subjectEmail: string;
  applicationId?: string;
  contactMessageId?: string;
  payload: PayloadByKind[K];
}

async function insertJobs(
  tx: Executor,
  config: OutboxQueueConfig,
  jobs: Job<OutboxKind>[],
  idempotencyKey: string | undefined,
): Promise<void> {
  const rows = jobs
    .filter((job) => job.recipients.length > 0)
    .map((job) => {
      const id = randomUUID();
      return {
        id,
        kind: job.kind,
        recipients: job.recipients,
        subject_email: job.subjectEmail,
        application_id: job.applicationId ?? null,
        contact_message_id: job.contactMessageId ?? null,
        idempotency_key: idempotencyKey ?? null,
        payload: job.payload as unknown as Record<string, unknown>,
        message_id: `<${id}@${config.messageIdDomain}>`,
      };
    });
  if (rows.length === 0) return;
  await tx.insert(emailOutbox).values(rows).onConflictDoNothing();
}

export interface QueuedApplication {
  id: string;
  submitted_at: Date;
  firstName: string;
  lastName: string;
  email: string;
  formSource: string;
}

/** The applicant's confirmation, and the staff alert when staff addresses are configured. */
export function queueApplicationEmails(
  tx: Executor,
  config: OutboxQueueConfig,
  application: QueuedApplication,
  idempotencyKey?: string,
): Promise<void> {
  const email = application.email.toLowerCase();
  return insertJobs(
    tx,
    config,
    [
      {
        kind: "application_confirmation",
        recipients: [email],
        subjectEmail: email,
        applicationId: application.id,
        payload: { firstName: application.firstName },
      },
      {
        kind: "staff_application_alert",
        recipients: config.staffTo,
        subjectEmail: email,
        applicationId: application.id,
        payload: {
          applicationId: application.id,
          firstName: application.firstName,
          lastName: application.lastName,
          email,
          formSource: application.formSource,
          submittedAt: application.submitted_at.toISOString(),
        },
      },
    ],
    idempotencyKey,
  );
}

export interface QueuedContactMessage {
  id: string;
  submitted_at: Date;
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
  subject: string;
}

/** The sender's acknowledgement, and the staff alert to the reason's inquiry mailbox or STAFF_NOTIFY_TO. */
export function queueContactEmails(
  tx: Executor,
  config: OutboxQueueConfig,
  message: QueuedContactMessage,
  idempotencyKey?: string,
): Promise<void> {
  const email = message.email.toLowerCase();
  const byReason = config.staffByReason[message.reason];
  return insertJobs(
    tx,
    config,
    [
      {
        kind: "contact_acknowledgement",
        recipients: [email],
        subjectEmail: email,
        contactMessageId: message.id,
        payload: { firstName: message.firstName, subject: message.subject },
      },
      {
        kind: "staff_contact_alert",
        recipients: byReason ? [byReason] : config.staffTo,
        subjectEmail: email,
        contactMessageId: message.id,
        payload: {
          contactMessageId: message.id,
          firstName: message.firstName,
          lastName: message.lastName,
          email,
          reason: message.reason,
          submittedAt: message.submitted_at.toISOString(),
        },
      },
    ],
    idempotencyKey,
  );
}
