/**
 * Per-request values the Express shell hands to React Router (the typed router context).
 * The key is exported from entry.server so the shell uses this very instance.
 */
import { createContext } from "react-router";
import type { Language } from "#core/i18n/languages";
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import type { RetentionPeriods } from "#core/privacy";

export interface RequestContext {
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** Absolute public URL of the site, for canonical links, sitemap and share links. */
  siteUrl: string;
  /** Advertising pixel id; undefined means no pixel is ever loaded. */
  metaPixelId?: string;
  /** The language the request's Accept-Language prefers among ours (English for a page built once; ADR 0112). */
  language: Language;
  /** The one-click marketing opt-out behind /unsubscribe (absent when the server runs without one). */
  unsubscribe?: {
    check(token: unknown): { ok: true; address: string } | { ok: false; reason: "invalid" | "expired" };
    confirm(token: unknown): Promise<{ ok: true; changed: number } | { ok: false; reason: "invalid" | "expired" }>;
    /** The language of the newest application of the link's address, or null (ADR 0112). */
    language(token: unknown): Promise<Language | null>;
  };
  /** The applicant's answer to a place offer behind /offer/:token (absent when the server runs without one). */
  offers?: {
    view(token: unknown): Promise<OfferPageView>;
    answer(token: unknown, answer: "accept" | "decline"): Promise<OfferPageAnswer>;
    /** The language of the application the link names, or null (ADR 0112). */
    language(token: unknown): Promise<Language | null>;
  };
  /** Her own page behind /a/:token (absent when the server runs without one; ADR 0098). */
  applicantPage?: {
    view(token: unknown): Promise<ApplicantPageView>;
    act(token: unknown, action: "accept" | "decline" | "withdraw" | "kit_sent"): Promise<ApplicantPageView & { done?: string }>;
    requestLink(email: string): Promise<void>;
    /** Her consult (ADR 0100): the free slots from a day, and a booking, move or cancel (a refusal's words in `consultError`). */
    consult?: {
      slots(token: unknown, from: string): Promise<ConsultSlotView[] | null>;
      act(token: unknown, intent: ConsultIntent, start: string): Promise<ApplicantPageView & { done?: string; consultError?: string }>;
    };
  };
  /** Her details and email choices behind /a/:token/details, and the confirmation of a new address (ADR 0099). */
  applicantDetails?: {
    details(token: unknown): Promise<ApplicantDetailsView>;
    updateContact(token: unknown, input: unknown): Promise<ApplicantDetailsView & { emailConfirmationSent?: boolean; changed?: string[] }>;
    setPreferences(token: unknown, input: unknown): Promise<ApplicantDetailsView>;
    setLanguage(token: unknown, input: unknown): Promise<ApplicantDetailsView>;
    checkEmailChange(token: unknown): Promise<EmailChangeView>;
    confirmEmailChange(token: unknown): Promise<EmailChangeView>;
  };
  /** Configured retention periods (RETENTION_DAYS_*), stated by the Privacy Policy. */
  retention: RetentionPeriods;
  /** The pilot's places, window and status now (its live settings, ADR 0091). */
  pilot: PilotPublicState;
}

/** What her own page shows (server/services/applicant): where she stands, or why the link opens nothing. */
export type ApplicantPageView =
  | {
      state: "open";
      language: Language;
      firstName: string;
      stage: string;
      heading: string;
      nextStep: string;
      offer: { expiresAt: string; timeZone: string } | null;
      instructions: string | null;
      canWithdraw: boolean;
      /** The assessment kit's progress while she is invited (ADR 0101). */
      kit: { step: string | null; words: string } | null;
      consult: { start: string; end: string; timeZone: string; clinicTimeZone: string } | null;
      slots?: ConsultSlotView[];
      consultZones?: { timeZone: string; clinicTimeZone: string };
    }
  | { state: "invalid" | "expired" };

/** Her details page: what we hold to reach her, and her email choices. */
export type ApplicantDetailsView =
  | {
      state: "open";
      firstName: string;
      email: string;
      phone: string | null;
      pendingEmail: { email: string; expiresAt: string } | null;
      reminders: boolean;
      news: boolean;
      timeZone: string;
      language: Language;
    }
  | { state: "invalid" | "expired" };

/** A new address's confirmation link: the address it confirms, or why it opens nothing. */
export type EmailChangeView = { state: "open" | "confirmed"; email: string; language: Language } | { state: "invalid" | "expired" };

export type ConsultIntent = "consult_book" | "consult_move" | "consult_cancel";
export interface ConsultSlotView {
  start: string;
  end: string;
}

/** What the offer page shows on GET (nothing changes). */
export type OfferPageView =
  | { state: "open"; firstName: string; expiresAt: string; timeZone: string }
  | { state: "accepted" | "declined" | "invalid" | "replaced" }
  | { state: "closed"; position: number | null }
  | { state: "expired"; expiresAt: string; timeZone: string };

/** What a POSTed answer did. */
export type OfferPageAnswer =
  | { state: "accepted" | "declined" | "invalid" | "replaced" }
  | { state: "already"; outcome: "accepted" | "declined" | "closed" }
  | { state: "expired"; position: number | null };

export const requestContext = createContext<RequestContext>();
