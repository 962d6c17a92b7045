/**
 * Applications and contact messages: the two public submissions and their staff lists.
 * The inserts are prepared statements (hot path: every visitor's submission).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ApplicationData, ContactData } from "#core/validation";
import type { Database } from "../db/client";
import { applications, contactMessages } from "../db/schema";
import { type OutboxQueueConfig, queueApplicationEmails, queueContactEmails } from "./outbox/queue";

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

/** Columns staff may read (the advertising ids fbc/fbp never leave the server). */
const applicationColumns = {
  id: applications.id,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  age: applications.age,
  state: applications.state,
  phone: applications.phone,
  zipCode: applications.zipCode,
  interestLevel: applications.interestLevel,
  interestLevelOther: applications.interestLevelOther,
  formSource: applications.formSource,
  marketing_consent: applications.marketing_consent,
  submitted_at: applications.submitted_at,
  traffic_source: applications.traffic_source,
  utm_source: applications.utm_source,
  utm_medium: applications.utm_medium,
  utm_campaign: applications.utm_campaign,
  referrer_url: applications.referrer_url,
  landing_path: applications.landing_path,
  browser_language: applications.browser_language,
  timezone: applications.timezone,
  event_id: applications.event_id,
  tracking_consent: applications.tracking_consent,
};

const contactColumns = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  phone: contactMessages.phone,
  reason: contactMessages.reason,
  subject: contactMessages.subject,
  message: contactMessages.message,
  submitted_at: contactMessages.submitted_at,
};

const p = (name: string) => sql.placeholder(name);

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Staff alerts go nowhere until STAFF_NOTIFY_TO is set; applicant emails are always queued. */
const NO_STAFF: OutboxQueueConfig = { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" };

// Prepared on the transaction that runs them (the statement text is cached per connection).
const prepareApplicationInsert = (tx: Tx) => tx
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

const prepareContactInsert = (tx: Tx) => tx
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

async function insertApplicationIn(tx: Tx, data: ApplicationData, cookies: AdCookies) {
  // Only the named fields are stored: nothing else from the request reaches the row.
  const [row] = await prepareApplicationInsert(tx).execute({
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
  });
  if (!row) throw new Error("application insert returned no row");
  return row;
}

async function insertContactIn(tx: Tx, data: ContactData) {
  const [row] = await prepareContactInsert(tx).execute({
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone ?? null,
    reason: data.reason,
    subject: data.subject,
    message: data.message,
  });
  if (!row) throw new Error("contact insert returned no row");
  return row;
}

export function createSubmissionService(db: Database, outbox: OutboxQueueConfig = NO_STAFF) {
  return {
    /** Stores the application and queues its emails in one transaction. */
    async createApplication(data: ApplicationData, cookies: AdCookies = {}, idempotencyKey?: string) {
      return db.transaction(async (tx) => {
        const row = await insertApplicationIn(tx, data, cookies);
        await queueApplicationEmails(tx, outbox, { ...data, ...row }, idempotencyKey);
        return row;
      });
    },

    /** Stores the contact message and queues its emails in one transaction. */
    async createContactMessage(data: ContactData, idempotencyKey?: string) {
      return db.transaction(async (tx) => {
        const row = await insertContactIn(tx, data);
        await queueContactEmails(tx, outbox, { ...data, ...row }, idempotencyKey);
        return row;
      });
    },


    /** Every application, newest first, as a JSON array text built by the database. */
    listApplicationsJson(): Promise<string> {
      return jsonArray(
        db,
        applicationColumns,
        sql`${applications}`,
        sql`${applications.submitted_at} desc, ${applications.id} desc`,
      );
    },

    /** Every contact message, newest first, as a JSON array text built by the database. */
    listContactMessagesJson(): Promise<string> {
      return jsonArray(
        db,
        contactColumns,
        sql`${contactMessages}`,
        sql`${contactMessages.submitted_at} desc, ${contactMessages.id} desc`,
      );
    },

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

/**
 * Staff lists can hold 100,000 rows: the database serialises them to one JSON text (json_agg), which is
 * several times faster and lighter than materialising rows in JavaScript and stringifying them again.
 * Timestamps are written as ISO 8601 UTC with milliseconds, like Date.toISOString().
 */
async function jsonArray(db: Database, columns: Record<string, PgColumn>, from: SQL, orderBy: SQL): Promise<string> {
  const fields = Object.entries(columns).map(([name, column]) =>
    column.columnType === "PgTimestamp"
      ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${sql.identifier(name)}`
      : sql`${column} as ${sql.identifier(name)}`,
  );
  const result = await db.execute<{ body: string }>(
    sql`select coalesce(json_agg(t), '[]'::json)::text as body from (select ${sql.join(fields, sql`, `)} from ${from} order by ${orderBy}) t`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { body: string }[] }).rows;
  return rows[0]?.body ?? "[]";
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
