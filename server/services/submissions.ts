/**
 * Applications and contact messages: the two public submissions and their deletes (staff lists: ./lists).
 * The inserts are prepared statements (hot path: every visitor's submission).
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ApplicationData, ContactData } from "#core/validation";
import type { Database } from "../db/client";
import { applications, contactMessages, idempotencyKeys } from "../db/schema";
import { type OutboxQueueConfig, queueApplicationEmails, queueContactEmails } from "./outbox/queue";
import {
  createIdempotencyStore,
  isKeyConflict,
  requestFingerprint,
  type SubmissionRoute,
} from "./idempotency";

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

const p = (name: string) => sql.placeholder(name);

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Prepared on the transaction that runs them (the statement text is cached per connection).
const insertApplication = (tx: Tx) =>
  tx
    .insert(applications)
    .values({
      firstName: p("firstName"),
      lastName: p("lastName"),
      email: p("email"),
      age: p("age"),
      state: p("state"),
      phone: p("phone"),
      zipCode: p("zipCode"),
      interestLevel: p("interestLevel"),
      interestLevelOther: p("interestLevelOther"),
      formSource: p("formSource"),
      marketing_consent: p("marketing_consent"),
      traffic_source: p("traffic_source"),
      utm_source: p("utm_source"),
      utm_medium: p("utm_medium"),
      utm_campaign: p("utm_campaign"),
      referrer_url: p("referrer_url"),
      landing_path: p("landing_path"),
      browser_language: p("browser_language"),
      timezone: p("timezone"),
      fbc: p("fbc"),
      fbp: p("fbp"),
      event_id: p("event_id"),
      tracking_consent: p("tracking_consent"),
    })
    .returning({ id: applications.id, submitted_at: applications.submitted_at })
    .prepare("ovella_insert_application");

const insertContact = (tx: Tx) =>
  tx
    .insert(contactMessages)
    .values({
      firstName: p("firstName"),
      lastName: p("lastName"),
      email: p("email"),
      phone: p("phone"),
      reason: p("reason"),
      subject: p("subject"),
      message: p("message"),
    })
    .returning({ id: contactMessages.id, submitted_at: contactMessages.submitted_at })
    .prepare("ovella_insert_contact");


function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/**
 * One statement: the record and its key row (with the answer) are inserted together. A duplicate key
 * makes the whole statement fail (unique violation), so no second record is ever stored.
 */
async function insertWithKey(
  db: Database,
  table: PgTable,
  values: Record<string, unknown>,
  route: SubmissionRoute,
  key: string,
  fingerprint: string,
  withTimestamp: boolean,
): Promise<{ id: string; submitted_at: string }> {
  const columns = getTableColumns(table);
  const names = Object.keys(values);
  const columnList = sql.join(
    names.map((name) => sql.identifier(columns[name]?.name ?? name)),
    sql`, `,
  );
  const valueList = sql.join(
    names.map((name) => sql`${values[name]}`),
    sql`, `,
  );
  const answer = withTimestamp
    ? sql`jsonb_build_object('id', rec.id, 'submitted_at', rec.submitted_at)`
    : sql`jsonb_build_object('id', rec.id)`;
  const result = await db.execute(sql`with rec as (
      insert into ${table} (${columnList}) values (${valueList})
      returning id, to_char(submitted_at at time zone 'UTC', ${sql.raw(ISO_UTC)}) as submitted_at
    ), answer as (
      insert into ${idempotencyKeys} (route, key, fingerprint, status, body)
      select ${route}, ${key}, ${fingerprint}, 201, ${answer} from rec
    )
    select id, submitted_at from rec`);
  const [row] = rowsOf<{ id: string; submitted_at: string }>(result);
  if (!row) throw new Error("keyed insert returned no row");
  return row;
}

/** Staff alerts go nowhere until STAFF_NOTIFY_TO is set; applicant emails are always queued. */
const NO_STAFF: OutboxQueueConfig = { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" };

/**
 * Stores each submission and queues its emails (ADR 0008) in one transaction: a stored row always has its
 * emails, a failed insert queues nothing, and with an Idempotency-Key (ADR 0016) a retried POST stores and
 * queues once.
 */
export function createSubmissionService(
  db: Database,
  outbox: OutboxQueueConfig = NO_STAFF,
  now: () => Date = () => new Date(),
) {
  const keys = createIdempotencyStore(db, now);

  /**
   * Runs a keyed submission in one transaction (the record, its key and answer; email rows queued for
   * the record belong in the same transaction). A duplicate key returns the stored answer.
   */
  async function submitKeyed(
    route: SubmissionRoute,
    key: string,
    fingerprint: string,
    write: (tx: Database) => Promise<Submitted["body"]>,
  ): Promise<Submitted> {
    keys.purgeSoon();
    try {
      const body = await db.transaction((tx) => write(tx as unknown as Database));
      return { status: 201, body, replayed: false };
    } catch (error) {
      if (!isKeyConflict(error)) throw error;
      const stored = await keys.replay(route, key, fingerprint);
      return { status: stored.status, body: stored.body as Submitted["body"], replayed: true };
    }
  }



  return {
    async createApplication(data: ApplicationData, cookies: AdCookies = {}, options: SubmitOptions = {}): Promise<Submitted> {
      // Only the named fields are stored: nothing else from the request reaches the row.
      const values = {
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        age: data.age,
        state: data.state,
        phone: data.phone ?? null,
        zipCode: data.zipCode,
        interestLevel: data.interestLevel,
        interestLevelOther: data.interestLevelOther ?? null,
        formSource: data.formSource,
        marketing_consent: data.marketing_consent,
        traffic_source: data.traffic_source ?? null,
        utm_source: data.utm_source ?? null,
        utm_medium: data.utm_medium ?? null,
        utm_campaign: data.utm_campaign ?? null,
        referrer_url: data.referrer_url ?? null,
        landing_path: data.landing_path ?? null,
        browser_language: data.browser_language ?? null,
        timezone: data.timezone ?? null,
        fbc: plausibleFbc(cookies.fbc),
        fbp: plausibleFbp(cookies.fbp),
        event_id: data.event_id ?? null,
        tracking_consent: data.tracking_consent ?? null,
      };
      const key = options.idempotencyKey;
      if (key) {
        const fingerprint = requestFingerprint(values);
        return submitKeyed("applications", key, fingerprint, async (tx) => {
          const row = await insertWithKey(tx, applications, values, "applications", key, fingerprint, true);
          await queueApplicationEmails(tx, outbox, { ...data, id: row.id, submitted_at: new Date(row.submitted_at) }, key);
          return row;
        });
      }
      const row = await db.transaction(async (tx) => {
        const [inserted] = await insertApplication(tx).execute(values);
        if (!inserted) throw new Error("application insert returned no row");
        await queueApplicationEmails(tx, outbox, { ...data, ...inserted });
        return inserted;
      });
      return { status: 201, body: { id: row.id, submitted_at: row.submitted_at.toISOString() }, replayed: false };
    },

    async createContactMessage(data: ContactData, options: SubmitOptions = {}): Promise<Submitted> {
      const values = {
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone ?? null,
        reason: data.reason,
        subject: data.subject,
        message: data.message,
      };
      const key = options.idempotencyKey;
      if (key) {
        const fingerprint = requestFingerprint(values);
        return submitKeyed("contact", key, fingerprint, async (tx) => {
          const row = await insertWithKey(tx, contactMessages, values, "contact", key, fingerprint, false);
          await queueContactEmails(tx, outbox, { ...data, id: row.id, submitted_at: new Date(row.submitted_at) }, key);
          return { id: row.id };
        });
      }
      const row = await db.transaction(async (tx) => {
        const [inserted] = await insertContact(tx).execute(values);
        if (!inserted) throw new Error("contact insert returned no row");
        await queueContactEmails(tx, outbox, { ...data, ...inserted });
        return inserted;
      });
      return { status: 201, body: { id: row.id }, replayed: false };
    },

    /** Removes idempotency keys older than a day (also done opportunistically on submissions). */
    purgeIdempotencyKeys: () => keys.purge(),

    /** True when a row was deleted. */
    async deleteApplication(id: string): Promise<boolean> {
      const rows = await db.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
      return rows.length > 0;
    },

    async deleteContactMessage(id: string): Promise<boolean> {
      const rows = await db
        .delete(contactMessages)
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id });
      return rows.length > 0;
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
