/**
 * Applications and contact messages: the two public submissions and their deletes (staff lists: ./lists).
 * The inserts are prepared statements (hot path: every visitor's submission).
 */
import { eq, sql } from "drizzle-orm";
import type { ApplicationData, ContactData } from "#core/validation";
import type { Database } from "../db/client";
import { applications, contactMessages } from "../db/schema";

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

export function createSubmissionService(db: Database) {
  const insertApplication = db
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

  const insertContact = db
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

  return {
    async createApplication(data: ApplicationData, cookies: AdCookies = {}) {
      // Only the named fields are stored: nothing else from the request reaches the row.
      const [row] = await insertApplication.execute({
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
    },

    async createContactMessage(data: ContactData) {
      const [row] = await insertContact.execute({
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

export type SubmissionService = ReturnType<typeof createSubmissionService>;
