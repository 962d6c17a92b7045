/**
 * Applications and contact messages: the two public submissions and their deletes (staff lists: ./lists).
 * Each submission is one prepared SQL statement (hot path: every visitor's submission; ADR 0020).
 */
import { DEFAULT_LANGUAGE } from "#core/i18n/languages";
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import { eq, getTableColumns } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { ApplicationData, ContactData } from "#core/validation";
import { type Database, rawQuery } from "../db/client";
import { applications, contactMessages, emailOutbox } from "../db/schema";
import { removeEmlFiles } from "./privacy";
import { ServiceError } from "./errors";
import { applicationJobs, contactJobs, type OutboxJob, type OutboxQueueConfig, outboxRow } from "./outbox";
import { APPLICATION_FORM_COLUMNS, applicationColumns, CONTACT_FORM_COLUMNS, contactColumns } from "./record-values";
import { createIdempotencyStore, fieldsFingerprint, isKeyConflict, type SubmissionRoute } from "./idempotency";
import { submissionDeliveriesCte } from "./webhooks";
import { ANSWER_EN } from "#core/i18n/answer-en";

export interface SubmitOptions {
  /** The client's Idempotency-Key: one stored row and one answer however often the request arrives. */
  idempotencyKey?: string;
}

/** What a submission answers: the stored answer when the same key came before (`replayed`). */
export interface Submitted {
  status: number;
  body: { id: string; submitted_at?: string };
  replayed: boolean;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Advertising click/browser ids sent as headers with an application (stored only when plausible). */
export interface AdCookies {
  fbc?: string | null;
  fbp?: string | null;
}

const AD_COOKIE_MAX = 500;
const FBC_PATTERN = /^fb\.\d\.\d{10,13}\.[A-Za-z0-9_.-]+$/;
const FBP_PATTERN = /^fb\.\d\.\d{10,13}\.\d{1,30}$/;

export function plausibleFbc(value: unknown): string | null {
  return typeof value === "string" && value.length <= AD_COOKIE_MAX && FBC_PATTERN.test(value) ? value : null;
}

export function plausibleFbp(value: unknown): string | null {
  return typeof value === "string" && value.length <= AD_COOKIE_MAX && FBP_PATTERN.test(value) ? value : null;
}

type Row = { id: string; submitted_at: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The whole submission as one SQL statement (data-modifying CTEs): the record, its idempotency key with
 * the answer (when a key is given) and its outbox rows. One statement is one atomic transaction without
 * BEGIN/COMMIT round trips; a duplicate key fails the whole statement (unique violation), so no second
 * record and no second email is ever stored. Its webhook deliveries are queued by the same statement
 * (./webhooks/events.ts, ADR 0067). The text is built once, from the schema; the jobs arrive
 * as one JSON parameter (their number varies with the staff configuration).
 */
/** Earlier applications from the same address counted at most (the staff alert says "5 or more"). */
const REPEATS_COUNTED = 5;

function submissionStatement(
  table: PgTable,
  formColumns: readonly string[],
  route: SubmissionRoute,
  recordColumn: "application_id" | "contact_message_id",
  withTimestamp: boolean,
): string {
  const { name: tableName } = getTableConfig(table);
  const tableColumns = getTableColumns(table);
  const columnName = (key: string) => {
    const column = tableColumns[key];
    if (!column) throw new Error(`no column ${key} in ${tableName}`);
    return quote(column.name);
  };
  const columns = [...formColumns, ...(route === "applications" ? ["fbc", "fbp"] : [])];
  const n = columns.length;
  const [key, fingerprint, jobs] = [n + 1, n + 2, n + 3];
  // A staff alert of an application says whether she applied before from this address: a look-up of the lower(email)
  // index that stops at REPEATS_COUNTED rows, so an address sent thousands of times costs no more than one sent five
  // (only for the job that carries the record's id; the statement cannot see its own new row).
  const earlier =
    route === "applications"
      ? ` || jsonb_build_object('earlier', (select count(*) from (select 1 from ${quote(tableName)} prior where lower(prior.${columnName("email")}) = lower($${columns.indexOf("email") + 1}::text) limit ${REPEATS_COUNTED}) repeats))`
      : "";
  const answer = withTimestamp
    ? "jsonb_build_object('id', rec.id, 'submitted_at', rec.submitted_at)"
    : "jsonb_build_object('id', rec.id)";
  return `with rec as (
  insert into ${quote(tableName)} (${columns.map(columnName).join(", ")})
  values (${columns.map((_, i) => `$${i + 1}`).join(", ")})
  returning id, to_char(submitted_at at time zone 'UTC', ${ISO_UTC}) as submitted_at${route === "applications" ? `, ${columnName("formSource")} as form_source` : ""}
), answer as (
  insert into idempotency_keys (route, key, fingerprint, status, body)
  select '${route}', $${key}::text, $${fingerprint}::text, 201, ${answer} from rec
  where $${key}::text is not null
), mail as (
  insert into email_outbox (id, kind, recipients, subject_email, ${recordColumn}, idempotency_key, payload, message_id)
  select j.id, j.kind, j.recipients, j.subject_email, rec.id, $${key}::text,
         case when j.record_key is null then j.payload
              else j.payload || jsonb_build_object(j.record_key, rec.id, 'submittedAt', rec.submitted_at)${earlier} end,
         j.message_id
    from rec, jsonb_to_recordset($${jobs}::text::jsonb)
      as j(id uuid, kind text, recipients text[], subject_email text, payload jsonb, record_key text, message_id text)
  on conflict do nothing
), ${submissionDeliveriesCte(route === "applications" ? "application" : "contact")}
select id, submitted_at from rec`;
}

/** The jobs parameter of a submission statement. */
function jobsParameter(config: OutboxQueueConfig, jobs: OutboxJob[]): string {
  return JSON.stringify(
    jobs.map((job) => ({ ...outboxRow(config, job), record_key: job.recordKey ?? null })),
  );
}

const APPLICATION_STATEMENT = {
  name: "ovella_submit_application",
  text: submissionStatement(applications, APPLICATION_FORM_COLUMNS, "applications", "application_id", true),
};
const CONTACT_STATEMENT = {
  name: "ovella_submit_contact",
  text: submissionStatement(contactMessages, CONTACT_FORM_COLUMNS, "contact", "contact_message_id", false),
};

/** The fingerprint of a keyed submission: its stored columns, key order sorted once (ADR 0052). */
const applicationFingerprint = fieldsFingerprint([...APPLICATION_FORM_COLUMNS, "fbc", "fbp"]);
const contactFingerprint = fieldsFingerprint(CONTACT_FORM_COLUMNS);

/** Staff alerts go nowhere until STAFF_NOTIFY_TO is set; applicant emails are always queued. */
const NO_STAFF: OutboxQueueConfig = { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" };

/**
 * Stores each submission and queues its emails (ADR 0008) in one transaction: a stored row always has its
 * emails, a failed insert queues nothing, and with an Idempotency-Key (ADR 0016) a retried POST stores and
 * queues once.
 */
/** The answer replayed for a key whose record was deleted or erased since (ADR 0057). */
export const SUBMISSION_GONE_MESSAGE = ANSWER_EN["answer.gone"];

export function createSubmissionService(
  db: Database,
  outbox: OutboxQueueConfig = NO_STAFF,
  now: () => Date = () => new Date(),
  outboxDir: string | null = null,
  /** The pilot's places and status now (its live settings, ADR 0091), which the confirmation email states. */
  pilot?: () => PilotPublicState,
) {
  const keys = createIdempotencyStore(db, now);
  const query = rawQuery(db);

  /** Runs a submission statement; with a key, a duplicate returns the stored answer instead. */
  async function submit(
    statement: { name: string; text: string },
    route: SubmissionRoute,
    values: unknown[],
    fingerprintOf: () => string,
    jobs: OutboxJob[],
    key: string | undefined,
  ): Promise<{ row: Row } | { replayed: Submitted }> {
    const fingerprint = key ? fingerprintOf() : null;
    if (key) keys.purgeSoon();
    try {
      const [row] = await query<Row>(statement.name, statement.text, [...values, key ?? null, fingerprint, jobsParameter(outbox, jobs)]);
      if (!row) throw new Error(`${route} insert returned no row`);
      return { row };
    } catch (error) {
      if (!key || !fingerprint || !isKeyConflict(error)) throw error;
      const stored = await keys.replay(route, key, fingerprint);
      // A key outlives nothing it answered for: a deleted or erased record is not named again (410).
      if (stored.status === 201 && !(await recordExists(route, stored.body.id))) {
        throw new ServiceError("gone", SUBMISSION_GONE_MESSAGE);
      }
      return { replayed: { status: stored.status, body: stored.body as Submitted["body"], replayed: true } };
    }
  }

  async function recordExists(route: SubmissionRoute, id: unknown): Promise<boolean> {
    if (typeof id !== "string") return false;
    const table = route === "applications" ? applications : contactMessages;
    const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return rows.length > 0;
  }

  /**
   * Deletes a record and its outbox rows in one transaction (ADR 0057), then the outbox's .eml copies:
   * after a staff Delete nothing of the record is listed anywhere. Refused (not_found) when there is none.
   */
  async function deleteRecord(kind: "application" | "contact", id: string): Promise<void> {
    const emailIds = await db.transaction(async (tx) => {
      const mail = await tx
        .delete(emailOutbox)
        .where(kind === "application" ? eq(emailOutbox.application_id, id) : eq(emailOutbox.contact_message_id, id))
        .returning({ id: emailOutbox.id });
      const table = kind === "application" ? applications : contactMessages;
      const rows = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      if (rows.length === 0) {
        throw new ServiceError("not_found", kind === "application" ? "Application not found" : "Contact message not found");
      }
      return mail.map((row) => row.id);
    });
    if (outboxDir) await removeEmlFiles(outboxDir, emailIds);
  }

  return {
    async createApplication(data: ApplicationData, cookies: AdCookies = {}, options: SubmitOptions = {}): Promise<Submitted> {
      // A caller that names no language (a script, a test) stores the default one; the route always names it.
      const columns = { ...applicationColumns({ ...data, preferred_language: data.preferred_language ?? DEFAULT_LANGUAGE }), fbc: plausibleFbc(cookies.fbc), fbp: plausibleFbp(cookies.fbp) };
      const values = [...APPLICATION_FORM_COLUMNS.map((name) => columns[name]), columns.fbc, columns.fbp];
      const result = await submit(
        APPLICATION_STATEMENT,
        "applications",
        values,
        () => applicationFingerprint(columns),
        applicationJobs(outbox, data, pilot?.()),
        options.idempotencyKey,
      );
      if ("replayed" in result) return result.replayed;
      return { status: 201, body: { id: result.row.id, submitted_at: result.row.submitted_at }, replayed: false };
    },

    async createContactMessage(data: ContactData, options: SubmitOptions = {}): Promise<Submitted> {
      const columns = contactColumns({ ...data, preferred_language: data.preferred_language ?? DEFAULT_LANGUAGE });
      const result = await submit(
        CONTACT_STATEMENT,
        "contact",
        CONTACT_FORM_COLUMNS.map((name) => columns[name]),
        () => contactFingerprint(columns),
        contactJobs(outbox, data),
        options.idempotencyKey,
      );
      if ("replayed" in result) return result.replayed;
      return { status: 201, body: { id: result.row.id }, replayed: false };
    },

    /** Removes idempotency keys older than a day (also done opportunistically on submissions). */
    purgeIdempotencyKeys: () => keys.purge(),

    /** Deletes one application with its emails; refused (not_found) when there is none with that id. */
    deleteApplication: (id: string) => deleteRecord("application", id),

    /** Deletes one contact message with its emails; refused (not_found) when there is none with that id. */
    deleteContactMessage: (id: string) => deleteRecord("contact", id),
  };
}

