/**
 * Finds everything held about one email address: applications, contact messages, emails in the outbox,
 * consent records, privacy requests and the audit history of all of these.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { applicationNotes, applicationOffers, applications, applicationStageHistory, auditEvents, contactMessages, emailOutbox, privacyRequests } from "../../db/schema";
import type { Application, ApplicationNote, AuditEvent, ContactMessage, OutboxEmail, PrivacyRequest, StageHistoryRow } from "../../db/schema";
import type { Executor } from "./sql";

export interface ConsentRecord {
  source: "application" | "audit_event";
  /** The application or audit event the consent is recorded on. */
  record_id: string;
  at: Date;
  marketing_consent?: boolean;
  tracking_consent?: string | null;
  /** For an audit event: what happened (for example an unsubscribe). */
  action?: string;
}

export interface SubjectRecords {
  email: string;
  applications: Application[];
  contactMessages: ContactMessage[];
  emails: OutboxEmail[];
  consents: ConsentRecord[];
  auditEvents: AuditEvent[];
  requests: PrivacyRequest[];
  /** The pilot's selection (ADR 0059): stage moves, staff notes and offers (never the link's hash) of her applications. */
  stageHistory: StageHistoryRow[];
  notes: ApplicationNote[];
  offers: SubjectOffer[];
}

export type SubjectOffer = Omit<typeof applicationOffers.$inferSelect, "token_hash">;

export interface SubjectCounts {
  applications: number;
  contactMessages: number;
  emails: number;
  consents: number;
  auditEvents: number;
  requests: number;
  stageHistory: number;
  notes: number;
  offers: number;
}

export function countsOf(records: SubjectRecords): SubjectCounts {
  return {
    applications: records.applications.length,
    contactMessages: records.contactMessages.length,
    emails: records.emails.length,
    consents: records.consents.length,
    auditEvents: records.auditEvents.length,
    requests: records.requests.length,
    stageHistory: records.stageHistory.length,
    notes: records.notes.length,
    offers: records.offers.length,
  };
}

/** `lower(email) = $1`, served by the lower(email) indexes. */
export function applicationsOf(email: string): SQL {
  return sql`lower(${applications.email}) = ${email}`;
}

export function contactMessagesOf(email: string): SQL {
  return sql`lower(${contactMessages.email}) = ${email}`;
}

/**
 * Emails about the person (subject_email), sent to them (a recipient "x@y" or "Name <x@y>"), quoting the address in
 * their payload, or tied to one of their records.
 */
export function emailsOf(email: string, applicationIds: string[], contactMessageIds: string[]): SQL {
  const conditions: SQL[] = [
    sql`${emailOutbox.subject_email} = ${email}`,
    sql`strpos(lower(${emailOutbox.payload}::text), ${email}) > 0`,
    sql`exists (select 1 from unnest(${emailOutbox.recipients}) as r(addr) where lower(trim(r.addr)) = ${email} or right(lower(trim(r.addr)), ${email.length + 2}) = ${`<${email}>`})`,
  ];
  if (applicationIds.length) conditions.push(inArray(emailOutbox.application_id, applicationIds));
  if (contactMessageIds.length) conditions.push(inArray(emailOutbox.contact_message_id, contactMessageIds));
  return or(...conditions) as SQL;
}

/** Audit events whose detail or target quotes the address. */
export function auditQuotingAddress(email: string): SQL {
  return sql`(strpos(lower(${auditEvents.detail}::text), ${email}) > 0 or lower(${auditEvents.target_id}) = ${email})`;
}

export async function findSubject(db: Executor, email: string, hash: string): Promise<SubjectRecords> {
  const apps = await db
    .select()
    .from(applications)
    .where(applicationsOf(email))
    .orderBy(desc(applications.submitted_at));
  const messages = await db
    .select()
    .from(contactMessages)
    .where(contactMessagesOf(email))
    .orderBy(desc(contactMessages.submitted_at));
  const appIds = apps.map((a) => a.id);
  const messageIds = messages.map((m) => m.id);
  const emails = await db
    .select()
    .from(emailOutbox)
    .where(emailsOf(email, appIds, messageIds))
    .orderBy(desc(emailOutbox.created_at));
  const requests = await db
    .select()
    .from(privacyRequests)
    .where(or(eq(privacyRequests.subject_hash, hash), sql`lower(${privacyRequests.subject_email}) = ${email}`))
    .orderBy(desc(privacyRequests.received_at));

  const targetIds = [...appIds, ...messageIds, ...emails.map((e) => e.id), ...requests.map((r) => r.id)];
  const history = await db
    .select()
    .from(auditEvents)
    .where(
      or(
        targetIds.length ? inArray(auditEvents.target_id, targetIds) : undefined,
        and(sql`${auditEvents.detail} is not null`, sql`${auditEvents.detail}->>'subject_hash' = ${hash}`),
        auditQuotingAddress(email),
      ),
    )
    .orderBy(asc(auditEvents.at));

  const consents: ConsentRecord[] = [
    ...apps.map<ConsentRecord>((a) => ({
      source: "application",
      record_id: a.id,
      at: a.submitted_at,
      marketing_consent: a.marketing_consent,
      tracking_consent: a.tracking_consent,
    })),
    ...history
      .filter((e) => /unsubscribe|consent/i.test(e.action))
      .map<ConsentRecord>((e) => ({ source: "audit_event", record_id: e.id, at: e.at, action: e.action })),
  ];

  const [stageHistory, notes, offers] = appIds.length
    ? await Promise.all([
        db.select().from(applicationStageHistory).where(inArray(applicationStageHistory.application_id, appIds)).orderBy(asc(applicationStageHistory.at)),
        db.select().from(applicationNotes).where(inArray(applicationNotes.application_id, appIds)).orderBy(asc(applicationNotes.created_at)),
        db
          .select({
            id: applicationOffers.id,
            application_id: applicationOffers.application_id,
            created_at: applicationOffers.created_at,
            expires_at: applicationOffers.expires_at,
            answered_at: applicationOffers.answered_at,
            outcome: applicationOffers.outcome,
            reminded_at: applicationOffers.reminded_at,
          })
          .from(applicationOffers)
          .where(inArray(applicationOffers.application_id, appIds))
          .orderBy(asc(applicationOffers.created_at)),
      ])
    : [[], [], []];

  return { email, applications: apps, contactMessages: messages, emails, consents, auditEvents: history, requests, stageHistory, notes, offers };
}
