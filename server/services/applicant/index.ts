/**
 * The applicant's own page (ADR 0098): behind a private link (../applicant-page-token.ts) she sees where she stands and what
 * happens next, answers an open offer, and withdraws. GET never changes anything; every action is a button press,
 * audited, and safe to repeat. A fresh link is emailed on request without saying whether the address is known.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { standingWords } from "#core/pipeline/applicant-words";
import type { KitStep } from "#core/pipeline/assessment";
import { type Language, isLanguage, DEFAULT_LANGUAGE } from "#core/i18n/languages";
import { isStage, type Stage, WITHDRAWABLE } from "#core/pipeline/stages";
import { applicantTimeZone } from "#core/time";
import { applicationOffers, applications, emailOutbox } from "../../db/schema";
import type { Database } from "../../db/client";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { type OutboxQueueConfig, outboxRow } from "../outbox";
import type { PipelineService } from "../pipeline";
import { createApplicantDetails } from "./details";
import { pageWords } from "../page-words";
import { openPageLink } from "./open-link";
import type { ConsultService } from "../consult";
import type { ConsultBooking, ConsultSlot } from "#core/contracts/consult";


/** How many applications a link request writes to at most (one address may have applied more than once). */
const LINKS_PER_REQUEST = 3;

export interface ApplicantView {
  state: "open";
  /** Her language (ADR 0112): the page and its words are in it. */
  language: Language;
  firstName: string;
  stage: Stage;
  heading: string;
  nextStep: string;
  /** Her open offer's deadline in her zone; null without one. */
  offer: { expiresAt: string; timeZone: string } | null;
  /** The assessment instructions while she is invited (the pilot's live settings); null otherwise. */
  instructions: string | null;
  canWithdraw: boolean;
  /** Her consult booked (ADR 0100), or null. */
  consult: ConsultBooking | null;
  /** The first free slots while she may book or move her consult (absent otherwise). */
  slots?: ConsultSlot[];
  /** Her zone and the clinic's, in which her page shows the consult's times (with her booking or the slots). */
  consultZones?: { timeZone: string; clinicTimeZone: string };
  /** The assessment kit's progress in plain words while she is invited (ADR 0101); null otherwise. */
  kit: { step: KitStep | null; words: string } | null;
}

export type ApplicantPageResult = ApplicantView | { state: "invalid" | "expired" };

export type ApplicantAction = "accept" | "decline" | "withdraw" | "kit_sent";

export function createApplicantPages(options: {
  db: Database;
  now: () => Date;
  secret: string;
  pipeline: PipelineService;
  outbox: OutboxQueueConfig;
  audit: AuditService;
  consult?: ConsultService;
}) {
  const { db, now, secret, pipeline, outbox, audit, consult } = options;

  /** The application a link opens, or why not: forged, expired, revoked after it was issued, or erased. */
  const open = (token: unknown) => openPageLink(db, secret, now(), token);

  async function viewOf(id: string): Promise<ApplicantPageResult> {
    const [app] = await db
      .select({ firstName: applications.firstName, stage: applications.stage, timezone: applications.timezone, language: applications.preferred_language })
      .from(applications)
      .where(eq(applications.id, id));
    if (!app || !isStage(app.stage)) return { state: "invalid" };
    const stage = app.stage;
    const [offer] =
      stage === "offered"
        ? await db
            .select({ expiresAt: applicationOffers.expires_at })
            .from(applicationOffers)
            .where(and(eq(applicationOffers.application_id, id), isNull(applicationOffers.outcome)))
        : [];
    const position = stage === "waitlisted" ? await pipeline.waitlistPosition(id) : null;
    const instructions = stage === "assessment_invited" ? (await pipeline.pilot.read()).assessmentInstructions || null : null;
    const language = isLanguage(app.language) ? app.language : DEFAULT_LANGUAGE;
    const t = pageWords(language);
    const words = standingWords(stage, position, t);
    const kitStep = stage === "assessment_invited" ? await pipeline.assessment.progress(id) : null;
    const booking = consult ? await consult.viewFor(id) : null;
    return {
      state: "open",
      language,
      firstName: app.firstName,
      stage,
      heading: words.heading,
      nextStep: words.next,
      offer: offer ? { expiresAt: offer.expiresAt.toISOString(), timeZone: applicantTimeZone(app.timezone) } : null,
      instructions,
      canWithdraw: WITHDRAWABLE.includes(stage),
      consult: booking?.consult ?? null,
      ...(booking?.canBook && consult ? { slots: await consult.slotsFor(id) } : {}),
      ...(booking && (booking.canBook || booking.consult) ? { consultZones: booking.zones } : {}),
      kit: stage === "assessment_invited" ? { step: kitStep, words: t.t(kitStep ? `kit.words.${kitStep}` : "kit.words.none") } : null,
    };
  }

  return {
    // Her contact details and email choices (ADR 0099).
    ...createApplicantDetails({ db, now, secret, outbox, audit, open }),
    /** The application a link to her page opens, or null (forged, expired, revoked or erased): for her consult's calls. */
    async applicationOf(token: unknown): Promise<string | null> {
      const opened = await open(token);
      return "id" in opened ? opened.id : null;
    },

    /** GET: what her page shows; nothing changes (mail scanners open every link). */
    async view(token: unknown): Promise<ApplicantPageResult> {
      const opened = await open(token);
      return "id" in opened ? viewOf(opened.id) : opened;
    },

    /** A button press on her page: answer the open offer or withdraw. Answers the page as it is afterwards. */
    async act(token: unknown, action: ApplicantAction): Promise<ApplicantPageResult & { done?: ApplicantAction | "nothing" }> {
      const opened = await open(token);
      if (!("id" in opened)) return opened;
      const before = await viewOf(opened.id);
      if (before.state !== "open") return before;
      if (action === "kit_sent") {
        // Safe to repeat: a second press (or one after staff recorded a later step) writes nothing and says it is noted.
        if (before.stage !== "assessment_invited") return { ...before, done: "nothing" };
        await pipeline.assessment.kitSentByApplicant(opened.id);
      } else if (action === "withdraw") {
        if (!before.canWithdraw) return { ...before, done: "nothing" };
        await pipeline.withdrawByApplicant(opened.id);
      } else {
        if (before.stage !== "offered") return { ...before, done: "nothing" };
        await pipeline.answerOpenOfferOf(opened.id, action);
      }
      // Her own act, through her link: no staff actor.
      await audit.record({ actor: null, action: "applicant_page_action", targetType: "application", targetId: opened.id, detail: { action } });
      return { ...(await viewOf(opened.id)), done: action };
    },

    /**
     * Emails a fresh link to her page to each application of an address (the newest few). Says nothing of whether one
     * exists: the caller answers 202 either way.
     */
    async requestLink(email: string): Promise<void> {
      const found = await db
        .select({ id: applications.id, firstName: applications.firstName, email: applications.email })
        .from(applications)
        .where(sql`lower(${applications.email}) = lower(${email})`)
        .orderBy(desc(applications.submitted_at))
        .limit(LINKS_PER_REQUEST);
      for (const app of found) {
        const address = app.email.toLowerCase();
        const row = outboxRow(outbox, { kind: "applicant_link", recipients: [address], subjectEmail: address, payload: { firstName: app.firstName } });
        await db.insert(emailOutbox).values({ ...row, application_id: app.id });
      }
    },

    /** Staff end every link to her page issued until now (audited); the next email she gets carries a new one. */
    async revoke(applicationId: string, actor: Actor, clientAddress: string | null): Promise<void> {
      const rows = await db.update(applications).set({ page_links_revoked_at: now() }).where(eq(applications.id, applicationId)).returning({ id: applications.id });
      if (rows.length === 0) throw new ServiceError("not_found", "Application not found");
      await audit.record({ actor, action: "applicant_links_revoke", targetType: "application", targetId: applicationId, clientAddress });
    },
  };
}

export type ApplicantPages = ReturnType<typeof createApplicantPages>;
export type { ApplicantDetailsResult } from "./details";
