/**
 * Her contact details and email choices on her page (ADR 0099). A new phone number counts at once (the link that
 * opened her page came to her address). A new email address counts only once she confirms it from a link sent to
 * that address; until then every email still goes to the old one, and after it the old address is told of the change.
 * Each change is audited (which fields, never their values) and limited to a few a day.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, gt, isNull, min, ne, sql } from "drizzle-orm";
import { applicantTimeZone, DAY_MS, HOUR_MS } from "#core/time";
import { EN } from "#core/i18n/en";
import { ES } from "#core/i18n/es";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#core/i18n/languages";
import { type ApplicantPreferences, applicantLanguageSchema, applicantPreferencesSchema, submissionSchemasIn } from "#core/validation";
import type { Database } from "../../db/client";
import { applications, contactChanges, emailOutbox } from "../../db/schema";
import type { AuditService } from "../audit";
import { ServiceError, TooManyError } from "../errors";
import { type OutboxQueueConfig, outboxRow } from "../outbox";
import { syncReminders } from "../reminders";
import { emailChangeTokenHash, signEmailChangeToken, verifyEmailChangeToken } from "../email-change-token";
import type { OpenedLink } from "./open-link";

/** How long the confirmation link of a new address works. */
export const EMAIL_CHANGE_TTL_MS = 48 * HOUR_MS;
/** New addresses she may ask to confirm in a day (each sends an email to a typed address). */
export const EMAIL_CHANGES_PER_DAY = 5;

export interface ApplicantDetails {
  state: "open";
  firstName: string;
  email: string;
  phone: string | null;
  /** The new address waiting for her confirmation; null without one. */
  pendingEmail: { email: string; expiresAt: string } | null;
  reminders: boolean;
  news: boolean;
  /** Her IANA zone, in which her page shows times. */
  timeZone: string;
  /** Her language (ADR 0112): her pages and every email to her are in it. */
  language: Language;
}

export type ApplicantDetailsResult = ApplicantDetails | { state: "invalid" | "expired" };

/** What a confirmation link shows (GET) or did (POST). */
export type EmailChangeResult =
  | { state: "open"; email: string; language: Language }
  | { state: "confirmed"; email: string; language: Language }
  | { state: "invalid" | "expired" };

function invalid(errors: Record<string, string[]>): never {
  throw new ServiceError("invalid", "Please check the highlighted fields", errors);
}

export function createApplicantDetails(options: {
  db: Database;
  now: () => Date;
  secret: string;
  outbox: OutboxQueueConfig;
  audit: AuditService;
  open: (token: unknown) => Promise<OpenedLink>;
}) {
  const { db, now, secret, outbox, audit, open } = options;

  async function detailsOf(id: string): Promise<ApplicantDetailsResult> {
    const [app] = await db
      .select({
        firstName: applications.firstName,
        email: applications.email,
        phone: applications.phone,
        reminders: applications.reminder_emails,
        news: applications.marketing_consent,
        timezone: applications.timezone,
        language: applications.preferred_language,
      })
      .from(applications)
      .where(eq(applications.id, id));
    if (!app) return { state: "invalid" };
    const { timezone, language, ...held } = app;
    const [pending] = await db
      .select({ email: contactChanges.new_email, expiresAt: contactChanges.expires_at })
      .from(contactChanges)
      .where(and(eq(contactChanges.application_id, id), isNull(contactChanges.confirmed_at), gt(contactChanges.expires_at, now())))
      .orderBy(sql`${contactChanges.created_at} desc`)
      .limit(1);
    return {
      state: "open",
      ...held,
      timeZone: applicantTimeZone(timezone),
      language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
      pendingEmail: pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null,
    };
  }

  /** Her language (ADR 0112): the pages of her links speak it. */
  async function languageOf(id: string): Promise<Language> {
    const [app] = await db.select({ language: applications.preferred_language }).from(applications).where(eq(applications.id, id));
    return isLanguage(app?.language) ? app.language : DEFAULT_LANGUAGE;
  }

  /** The pending change a confirmation link names, while it still waits. */
  async function pendingChange(token: unknown) {
    const changeId = verifyEmailChangeToken(secret, token);
    if (!changeId || typeof token !== "string") return { state: "invalid" as const };
    const [change] = await db
      .select()
      .from(contactChanges)
      .where(and(eq(contactChanges.id, changeId), eq(contactChanges.token_hash, emailChangeTokenHash(token))));
    if (!change) return { state: "invalid" as const };
    if (change.confirmed_at) return { state: "confirmed" as const, change };
    if (change.expires_at.getTime() <= now().getTime()) return { state: "expired" as const };
    return { state: "open" as const, change };
  }

  return {
    /** GET: her details and choices as her page shows them; nothing changes. */
    async details(token: unknown): Promise<ApplicantDetailsResult> {
      const opened = await open(token);
      return "id" in opened ? detailsOf(opened.id) : opened;
    },

    /**
     * Her new email and phone. The phone counts now; a different address gets a confirmation link and counts once she
     * opens it (a later request replaces an earlier one). Refused with the public form's own messages.
     */
    async updateContact(token: unknown, input: unknown): Promise<ApplicantDetailsResult & { emailConfirmationSent?: boolean; changed?: string[] }> {
      const opened = await open(token);
      if (!("id" in opened)) return opened;
      // Refused in her language, with the public form's own messages.
      const language = await languageOf(opened.id);
      const parsed = submissionSchemasIn(language, language === "es" ? ES : EN).applicantContact.safeParse(input);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
        invalid(errors);
      }
      const { email, phone } = parsed.data;
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const [app] = await tx
          .select({ email: applications.email, phone: applications.phone })
          .from(applications)
          .where(eq(applications.id, opened.id))
          .for("update");
        if (!app) return null;
        const fields: string[] = [];
        if ((phone ?? null) !== app.phone) {
          await tx.update(applications).set({ phone: phone ?? null }).where(eq(applications.id, opened.id));
          fields.push("phone");
        }
        if (email.toLowerCase() !== app.email.toLowerCase()) {
          // Counted by the confirmation emails queued (a later request replaces the change, not the email sent).
          const [asked] = await tx
            .select({ n: count(), oldest: min(emailOutbox.created_at) })
            .from(emailOutbox)
            .where(
              and(
                eq(emailOutbox.application_id, opened.id),
                eq(emailOutbox.kind, "email_change_confirm"),
                gt(emailOutbox.created_at, new Date(at.getTime() - DAY_MS)),
              ),
            );
          if ((asked?.n ?? 0) >= EMAIL_CHANGES_PER_DAY) {
            // Until the oldest request of the day leaves the window.
            const oldest = asked?.oldest ? new Date(asked.oldest).getTime() : at.getTime();
            const seconds = Math.max(1, Math.ceil((oldest + DAY_MS - at.getTime()) / 1000));
            throw new TooManyError("You have asked to change your address several times today. Please try again tomorrow, or write to us.", seconds);
          }
          // A new request replaces any earlier one still waiting: only the newest link confirms.
          await tx.delete(contactChanges).where(and(eq(contactChanges.application_id, opened.id), isNull(contactChanges.confirmed_at)));
          const id = randomUUID();
          await tx.insert(contactChanges).values({
            id,
            application_id: opened.id,
            new_email: email,
            token_hash: emailChangeTokenHash(signEmailChangeToken(secret, id)),
            created_at: at,
            expires_at: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS),
          });
          // To the typed address: the link alone, no name, no stage (it is not hers until she confirms it).
          const row = outboxRow(outbox, { kind: "email_change_confirm", recipients: [email.toLowerCase()], subjectEmail: app.email.toLowerCase(), payload: { changeId: id } });
          await tx.insert(emailOutbox).values({ ...row, application_id: opened.id, created_at: at });
          fields.push("email_requested");
        }
        return fields;
      });
      if (changed === null) return { state: "invalid" };
      if (changed.length > 0) {
        await audit.record({ actor: null, action: "applicant_contact_change", targetType: "application", targetId: opened.id, detail: { fields: changed } });
      }
      return { ...(await detailsOf(opened.id)), emailConfirmationSent: changed.includes("email_requested"), changed };
    },

    /** Her email choices: reminders about her next step, and news (her marketing consent). */
    async setPreferences(token: unknown, input: unknown): Promise<ApplicantDetailsResult> {
      const opened = await open(token);
      if (!("id" in opened)) return opened;
      const parsed = applicantPreferencesSchema.safeParse(input);
      if (!parsed.success) invalid({ _: ["Choose yes or no for each kind of email"] });
      const choice: ApplicantPreferences = parsed.data;
      const [before] = await db
        .select({ reminders: applications.reminder_emails, news: applications.marketing_consent })
        .from(applications)
        .where(eq(applications.id, opened.id));
      if (!before) return { state: "invalid" };
      if (before.reminders !== choice.reminders || before.news !== choice.news) {
        // Her reminders follow at once: turned off, the scheduled ones are cancelled; turned on, they are scheduled again.
        await db.transaction(async (tx) => {
          await tx.update(applications).set({ reminder_emails: choice.reminders, marketing_consent: choice.news }).where(eq(applications.id, opened.id));
          await syncReminders(tx, opened.id, now());
        });
        await audit.record({ actor: null, action: "applicant_preferences_change", targetType: "application", targetId: opened.id, detail: { reminders: choice.reminders, news: choice.news } });
      }
      return detailsOf(opened.id);
    },

    /** Her language (ADR 0112): her pages from this answer on, and every email to her from now, are in it. */
    async setLanguage(token: unknown, input: unknown): Promise<ApplicantDetailsResult> {
      const opened = await open(token);
      if (!("id" in opened)) return opened;
      const parsed = applicantLanguageSchema.safeParse(input);
      if (!parsed.success) invalid({ language: ["Choose English or Español"] });
      const { language } = parsed.data;
      const changed = await db
        .update(applications)
        .set({ preferred_language: language })
        .where(and(eq(applications.id, opened.id), ne(applications.preferred_language, language)))
        .returning({ id: applications.id });
      if (changed.length > 0) {
        await audit.record({ actor: null, action: "applicant_language_change", targetType: "application", targetId: opened.id, detail: { language } });
      }
      return detailsOf(opened.id);
    },

    /** GET of a confirmation link: the address it would confirm; nothing changes (mail scanners open links). */
    async checkEmailChange(token: unknown): Promise<EmailChangeResult> {
      const found = await pendingChange(token);
      if (found.state === "open" || found.state === "confirmed") return { state: found.state, email: found.change.new_email, language: await languageOf(found.change.application_id) };
      return found;
    },

    /**
     * Her press on the confirmation page: the new address replaces the old one on her application, and the old address
     * is told (so a change she did not make does not go unseen). Safe to repeat.
     */
    async confirmEmailChange(token: unknown): Promise<EmailChangeResult> {
      const found = await pendingChange(token);
      if (found.state !== "open") {
        return found.state === "confirmed" ? { state: "confirmed", email: found.change.new_email, language: await languageOf(found.change.application_id) } : found;
      }
      const { change } = found;
      const at = now();
      const done = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(contactChanges)
          .set({ confirmed_at: at })
          .where(and(eq(contactChanges.id, change.id), isNull(contactChanges.confirmed_at)))
          .returning({ id: contactChanges.id });
        if (claimed.length === 0) return false;
        const [app] = await tx
          .select({ email: applications.email, firstName: applications.firstName })
          .from(applications)
          .where(eq(applications.id, change.application_id))
          .for("update");
        if (!app) return false;
        await tx.update(applications).set({ email: change.new_email }).where(eq(applications.id, change.application_id));
        await tx.delete(contactChanges).where(and(eq(contactChanges.application_id, change.application_id), isNull(contactChanges.confirmed_at), ne(contactChanges.id, change.id)));
        const old = app.email.toLowerCase();
        const row = outboxRow(outbox, { kind: "email_changed_notice", recipients: [old], subjectEmail: change.new_email.toLowerCase(), payload: { firstName: app.firstName } });
        await tx.insert(emailOutbox).values({ ...row, application_id: change.application_id });
        return true;
      });
      if (!done) return { state: "invalid" };
      await audit.record({ actor: null, action: "applicant_email_change", targetType: "application", targetId: change.application_id, detail: { fields: ["email"] } });
      return { state: "confirmed", email: change.new_email, language: await languageOf(change.application_id) };
    },
  };
}
