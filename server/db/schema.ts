/**
 * The one database schema (Drizzle, PostgreSQL dialect) for both engines: PGlite and PostgreSQL.
 * Column names are those of docs/requirements.md §3; migrations in /drizzle are generated from this file.
 * Constraints the hand-written migrations named by PostgreSQL's defaults (`…_fkey`, `…_key`) carry those names
 * here, so the schema and the migrated database agree to the name (`npm run db:check`, ADR 0078).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

const createdNow = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
  id: uuid("id").primaryKey().defaultRandom(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  role: varchar("role", { length: 20 }).notNull().default("user"),
  created_at: createdNow("created_at"),
  updated_at: createdNow("updated_at"),
  last_login: timestamp("last_login", { withTimezone: true, mode: "date" }),
  is_active: boolean("is_active").notNull().default(true),
  /** The username as compared (core/username-key.ts: NFKC, one case fold); written by the server, never typed. */
  username_key: text("username_key").notNull(),
  /** Set for a generated first password: the next sign-in must choose a new one (migration 0006). */
  must_change_password: boolean("must_change_password").notNull().default(false),
  /** Her work address for the alerts about the applications she owns (null: none; migration 0016). */
  email: text("email"),
  },
  // Usernames are unique whatever their letter case ("Alice" and "alice" are one person).
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_username_key_idx").on(t.username_key),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("firstName").notNull(),
    lastName: text("lastName").notNull(),
    email: text("email").notNull(),
    age: integer("age").notNull(),
    state: text("state").notNull(),
    phone: varchar("phone", { length: 20 }),
    zipCode: varchar("zipCode", { length: 12 }),
    interestLevel: varchar("interestLevel", { length: 50 }).notNull(),
    interestLevelOther: text("interestLevelOther"),
    formSource: varchar("formSource", { length: 20 }).notNull(),
    marketing_consent: boolean("marketing_consent").notNull().default(false),
    submitted_at: createdNow("submitted_at"),
    // First-party attribution (kept on our server; never sent to an advertising party).
    traffic_source: varchar("traffic_source", { length: 20 }),
    utm_source: varchar("utm_source", { length: 500 }),
    utm_medium: varchar("utm_medium", { length: 500 }),
    utm_campaign: varchar("utm_campaign", { length: 500 }),
    referrer_url: varchar("referrer_url", { length: 500 }),
    landing_path: varchar("landing_path", { length: 500 }),
    browser_language: varchar("browser_language", { length: 500 }),
    timezone: varchar("timezone", { length: 500 }),
    fbc: varchar("fbc", { length: 500 }),
    fbp: varchar("fbp", { length: 500 }),
    event_id: varchar("event_id", { length: 500 }),
    tracking_consent: varchar("tracking_consent", { length: 10 }),
    // The pilot's selection (migration 0008, ADR 0059): stage, since when, owner, waitlist order, and
    // eligibility computed by the database from age, state and ZIP code (core/pipeline/eligibility.ts).
    stage: varchar("stage", { length: 30 }).notNull().default("new"),
    stage_changed_at: createdNow("stage_changed_at"),
    owner: text("owner"),
    waitlist_rank: doublePrecision("waitlist_rank"),
    /** Links to her own page issued before this moment no longer open it (staff revoked them; ADR 0098). */
    page_links_revoked_at: timestamp("page_links_revoked_at", { withTimezone: true, mode: "date" }),
    /** Her choice on her page: reminders about her next step (ADR 0099); the emails that decide anything always go. */
    reminder_emails: boolean("reminder_emails").notNull().default(true),
    /** Staff let her book a consult before she passed the assessment (passing lets her anyway; migration 0018). */
    consult_invited_at: timestamp("consult_invited_at", { withTimezone: true, mode: "date" }),
    /** The language she applied in, 'en' or 'es' (core/i18n/languages.ts; migration 0019, ADR 0110). */
    preferred_language: varchar("preferred_language", { length: 2 }).notNull().default("en"),
    eligible: boolean("eligible")
      .notNull()
      .generatedAlwaysAs(sql`("age" >= 18 AND "age" < 35 AND "state" = 'California' AND "zipCode" IS NOT NULL AND substr("zipCode", 1, 3) IN ('940','941','943','944','945','946','947','948','949','950','951','900','901','902','903','904','905','906','907','908','910','911','912','913','914','915','916','917','918','935') AND "zipCode" ~ '^[0-9]{5}$')`),
  },
  (t) => [
    check("applications_preferred_language_check", sql`${t.preferred_language} in ('en', 'es')`),
    foreignKey({ name: "applications_owner_fkey", columns: [t.owner], foreignColumns: [users.username] })
      .onUpdate("cascade")
      .onDelete("set null"),
    index("applications_submitted_at_idx").on(t.submitted_at.desc()),
    index("applications_email_idx").on(sql`lower(${t.email})`),
    // Server-side admin lists (migration 0004): one (sort key, id) index per sortable column for keyset
    // paging, and trigram indexes for the search box and the name filters.
    index("applications_sort_submitted_idx").on(t.submitted_at, t.id),
    index("applications_sort_name_idx").on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index("applications_sort_email_idx").on(sql`lower(${t.email})`, t.id),
    index("applications_sort_age_idx").on(t.age, t.id),
    index("applications_sort_state_idx").on(sql`lower(${t.state})`, t.id),
    index("applications_sort_marketing_idx").on(t.marketing_consent, t.id),
    index("applications_state_submitted_idx").on(t.state, t.submitted_at, t.id),
    index("applications_search_trgm_idx").using(
      "gin",
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    index("applications_first_name_trgm_idx").using("gin", sql`lower(${t.firstName}) gin_trgm_ops`),
    index("applications_last_name_trgm_idx").using("gin", sql`lower(${t.lastName}) gin_trgm_ops`),
    index("applications_stage_submitted_idx").on(t.stage, t.submitted_at, t.id),
    index("applications_owner_idx").on(t.owner, t.submitted_at, t.id).where(sql`${t.owner} is not null`),
    index("applications_waitlist_idx").on(t.waitlist_rank, t.id).where(sql`${t.stage} = 'waitlisted'`),
    // Migration 0010 (the funnel, core/pipeline/funnel.ts): everyone by stage and split, and the stages
    // that wait for staff by how long.
    index("applications_funnel_idx").on(t.stage, t.traffic_source, t.formSource, t.utm_campaign),
    index("applications_after_further_idx")
      .on(t.id, t.stage, t.traffic_source, t.formSource, t.utm_campaign)
      .where(sql`${t.stage} in ('not_eligible', 'waitlisted', 'withdrawn')`),
    index("applications_waiting_idx")
      .on(t.stage, t.stage_changed_at, t.id)
      .where(sql`${t.stage} in ('new', 'reviewing', 'assessment_invited', 'assessment_passed')`),
  ],
);

/** Every stage move of an application: who, from, to, when and why (ADR 0059). */
export const applicationStageHistory = pgTable(
  "application_stage_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    from_stage: varchar("from_stage", { length: 30 }).notNull(),
    to_stage: varchar("to_stage", { length: 30 }).notNull(),
    actor_id: uuid("actor_id"),
    actor_username: text("actor_username"),
    reason: text("reason"),
    at: createdNow("at"),
    /** Her waitlist order before this move, so Undo puts her back where she was (migration 0014, ADR 0090). */
    waitlist_rank_before: doublePrecision("waitlist_rank_before"),
    /** When this move was undone (its emails not yet sent were cancelled). */
    undone_at: timestamp("undone_at", { withTimezone: true, mode: "date" }),
    /** On the row an Undo writes: the move it reversed. */
    undo_of: uuid("undo_of"),
  },
  (t) => [
    foreignKey({ name: "application_stage_history_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("application_stage_history_app_idx").on(t.application_id, t.at),
    // Migration 0010 (the funnel): the moves that prove a step beyond applying, and the latest moves out of a stage.
    index("application_stage_history_reached_idx")
      .on(t.application_id, t.to_stage)
      .where(sql`${t.to_stage} in ('assessment_invited', 'assessment_passed', 'offered', 'enrolled', 'declined', 'offer_expired')`),
    index("application_stage_history_left_idx").on(t.from_stage, t.at),
  ],
);

/** Staff notes on an application: appended, never edited; an admin may remove one (audited). */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    author_id: uuid("author_id"),
    author_username: text("author_username"),
    text: text("text").notNull(),
    created_at: createdNow("created_at"),
  },
  (t) => [
    foreignKey({ name: "application_notes_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("application_notes_app_idx").on(t.application_id, t.created_at),
  ],
);

/** Place offers: the hash of the single-use link's token, its deadline and how it ended. */
export const applicationOffers = pgTable(
  "application_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    token_hash: text("token_hash").notNull().unique("application_offers_token_hash_key"),
    created_at: createdNow("created_at"),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    answered_at: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    /** accepted, declined, expired, withdrawn, or replaced (a newer link was sent: resend, extend, reminder); null while open. */
    outcome: varchar("outcome", { length: 20 }),
    /** When the reminder before the deadline went out (OFFER_REMINDER_HOURS); carried to a replacing link, cleared by an extension. */
    reminded_at: timestamp("reminded_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    foreignKey({ name: "application_offers_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("application_offers_app_idx").on(t.application_id, t.created_at),
    index("application_offers_open_idx").on(t.expires_at).where(sql`${t.outcome} is null`),
  ],
);

/**
 * One row every stage move locks (SELECT … FOR UPDATE): moves, offers and promotions happen one at a time. It
 * also holds the pilot's live settings (ADR 0091), so a move reads the capacity under the same lock that a change
 * of it takes; a null setting means the first value (PILOT_CAPACITY; no window; no instructions).
 */
export const pilotQuota = pgTable("pilot_quota", {
  id: integer("id").primaryKey(),
  updated_at: createdNow("updated_at"),
  capacity: integer("capacity"),
  enrollment_opens_at: timestamp("enrollment_opens_at", { withTimezone: true, mode: "date" }),
  enrollment_closes_at: timestamp("enrollment_closes_at", { withTimezone: true, mode: "date" }),
  assessment_instructions: text("assessment_instructions"),
  /** The closing instant for which the waitlist's closing letters were queued (once per close). */
  closing_letters_for: timestamp("closing_letters_for", { withTimezone: true, mode: "date" }),
  settings_updated_at: timestamp("settings_updated_at", { withTimezone: true, mode: "date" }),
  /** Days after the invitation before "kit not sent" is reminded, and after passing before "consult not booked" (null: the default). */
  kit_reminder_days: integer("kit_reminder_days"),
  consult_reminder_days: integer("consult_reminder_days"),
});

/** The assessment kit's progress (ADR 0099): one row per step, by staff or by her on her page (actor null). */
export const assessmentSteps = pgTable(
  "assessment_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    /** kit_sent, kit_received or result_in (core/pipeline/assessment.ts). */
    status: varchar("status", { length: 20 }).notNull(),
    actor_id: uuid("actor_id"),
    actor_username: text("actor_username"),
    at: createdNow("at"),
  },
  (t) => [
    foreignKey({ name: "assessment_steps_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("assessment_steps_app_idx").on(t.application_id, t.at),
  ],
);

/** A structured review of the assessment before a pass or a not-eligible decision (a scorecard; ADR 0099). */
export const assessmentReviews = pgTable(
  "assessment_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    meets_criteria: boolean("meets_criteria").notNull(),
    /** pass or not_eligible. */
    recommendation: varchar("recommendation", { length: 20 }).notNull(),
    reason: text("reason").notNull(),
    reviewer_id: uuid("reviewer_id"),
    reviewer_username: text("reviewer_username"),
    created_at: createdNow("created_at"),
  },
  (t) => [
    foreignKey({ name: "assessment_reviews_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("assessment_reviews_app_idx").on(t.application_id, t.created_at),
  ],
);

/** The clinic's consult hours (one row, id 1; absent: the defaults of core/consult/availability.ts). */
export const consultAvailability = pgTable("consult_availability", {
  id: integer("id").primaryKey(),
  time_zone: text("time_zone").notNull(),
  /** [{ day: "monday", start: "09:00", end: "17:00" }, …] in the clinic's zone. */
  weekly: jsonb("weekly").$type<Array<{ day: string; start: string; end: string }>>().notNull(),
  slot_minutes: integer("slot_minutes").notNull(),
  buffer_minutes: integer("buffer_minutes").notNull(),
  min_notice_hours: integer("min_notice_hours").notNull(),
  max_days_ahead: integer("max_days_ahead").notNull(),
  /** [{ date: "2026-12-24" } (closed) or { date, start, end } (those hours instead)]. */
  exceptions: jsonb("exceptions").$type<Array<{ date: string; start?: string; end?: string }>>().notNull(),
  updated_at: createdNow("updated_at"),
});

/**
 * Consults she books on her page. The unique indexes are the guarantee: one live booking per slot start and per
 * application, whatever the number of instances. A move keeps the row (and the invite's UID) and raises `sequence`.
 */
export const consultBookings = pgTable(
  "consult_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    starts_at: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    ends_at: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    /** booked or cancelled. */
    status: varchar("status", { length: 12 }).notNull().default("booked"),
    /** The calendar invite's UID (stable across moves) and SEQUENCE (raised by each move and the cancel). */
    uid: text("uid").notNull().unique("consult_bookings_uid_key"),
    sequence: integer("sequence").notNull().default(0),
    created_at: createdNow("created_at"),
    updated_at: createdNow("updated_at"),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    /** applicant, or the staff username. */
    cancelled_by: text("cancelled_by"),
  },
  (t) => [
    foreignKey({ name: "consult_bookings_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    uniqueIndex("consult_bookings_slot_idx").on(t.starts_at).where(sql`${t.status} = 'booked'`),
    uniqueIndex("consult_bookings_application_idx").on(t.application_id).where(sql`${t.status} = 'booked'`),
    index("consult_bookings_app_idx").on(t.application_id, t.created_at),
  ],
);

/**
 * Reminders about her next step (ADR 0099): scheduled with a due time, sent through the outbox when due (never
 * between 21:00 and 08:00 in her zone), cancelled the moment she acts or by staff. At most one scheduled per kind.
 */
export const applicantReminders = pgTable(
  "applicant_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    /** consult_not_booked, consult_tomorrow, kit_not_sent or offer_deadline. */
    kind: varchar("kind", { length: 30 }).notNull(),
    due_at: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    /** scheduled, sent or cancelled. */
    status: varchar("status", { length: 12 }).notNull().default("scheduled"),
    created_at: createdNow("created_at"),
    sent_at: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    /** Why: she_acted, stage_changed, or staff (then `cancelled_by` names who). */
    cancel_reason: varchar("cancel_reason", { length: 20 }),
    cancelled_by: text("cancelled_by"),
  },
  (t) => [
    foreignKey({ name: "applicant_reminders_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("applicant_reminders_app_idx").on(t.application_id, t.due_at),
    index("applicant_reminders_due_idx").on(t.due_at).where(sql`${t.status} = 'scheduled'`),
    uniqueIndex("applicant_reminders_one_kind_idx").on(t.application_id, t.kind).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** Her new email address, waiting for her to confirm it at that address (the hash of the link's token; ADR 0099). */
export const contactChanges = pgTable(
  "applicant_contact_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    application_id: uuid("application_id").notNull(),
    new_email: text("new_email").notNull(),
    token_hash: text("token_hash").notNull().unique("applicant_contact_changes_token_hash_key"),
    created_at: createdNow("created_at"),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    foreignKey({ name: "applicant_contact_changes_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    index("applicant_contact_changes_app_idx").on(t.application_id, t.created_at),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("firstName").notNull(),
    lastName: text("lastName").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    reason: text("reason").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    submitted_at: createdNow("submitted_at"),
    /** The language the message was sent in, 'en' or 'es' (migration 0019, ADR 0110). */
    preferred_language: varchar("preferred_language", { length: 2 }).notNull().default("en"),
  },
  (t) => [
    check("contact_messages_preferred_language_check", sql`${t.preferred_language} in ('en', 'es')`),
    index("contact_messages_submitted_at_idx").on(t.submitted_at.desc()),
    index("contact_messages_email_idx").on(sql`lower(${t.email})`),
    index("contact_messages_sort_submitted_idx").on(t.submitted_at, t.id),
    index("contact_messages_sort_name_idx").on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index("contact_messages_sort_email_idx").on(sql`lower(${t.email})`, t.id),
    index("contact_messages_sort_subject_idx").on(sql`lower(${t.subject})`, t.id),
    index("contact_messages_search_trgm_idx").using(
      "gin",
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    index("contact_messages_first_name_trgm_idx").using("gin", sql`lower(${t.firstName}) gin_trgm_ops`),
    index("contact_messages_last_name_trgm_idx").using("gin", sql`lower(${t.lastName}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token_hash: text("token_hash").notNull().unique(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdNow("created_at"),
    last_seen_at: createdNow("last_seen_at"),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /** `full`, or the sign-in step still owed: `password` (change it), `factor` (prove one), `enrol` (add one). */
    stage: varchar("stage", { length: 20 }).notNull().default("full"),
    /** The WebAuthn challenge of the ceremony in progress, if any. */
    challenge: text("challenge"),
    /** Wrong second-factor codes on this (pending) session; too many end it. */
    failed_codes: integer("failed_codes").notNull().default(0),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

/** Second factors of staff members (migration 0006, ADR 0053): TOTP secrets and passkeys. */
export const staffFactors = pgTable(
  "staff_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    label: text("label").notNull(),
    totp_secret: text("totp_secret"),
    /** The last TOTP time step accepted: a code of that step or earlier is refused (no replay). */
    totp_last_step: bigint("totp_last_step", { mode: "number" }),
    credential_id: text("credential_id"),
    public_key: text("public_key"),
    sign_count: bigint("sign_count", { mode: "number" }),
    transports: text("transports"),
    /** Null while a TOTP enrolment awaits its first code. */
    confirmed_at: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    created_at: createdNow("created_at"),
    last_used_at: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("staff_factors_user_id_idx").on(t.user_id), uniqueIndex("staff_factors_credential_id_idx").on(t.credential_id)],
);

/** One-time recovery codes, stored as SHA-256 hashes of 128-bit random codes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true, mode: "date" }),
    created_at: createdNow("created_at"),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.user_id)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actor_id: uuid("actor_id"),
    actor_username: text("actor_username"),
    action: varchar("action", { length: 50 }).notNull(),
    target_type: varchar("target_type", { length: 30 }),
    target_id: text("target_id"),
    at: createdNow("at"),
    client_address: varchar("client_address", { length: 64 }),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at.desc()),
    index("audit_events_target_id_idx").on(t.target_id),
    index("audit_events_at_id_idx").on(t.at, t.id),
    index("audit_events_actor_idx").on(sql`lower(${t.actor_username})`, t.at, t.id),
    index("audit_events_target_idx").on(t.target_id, t.at, t.id),
    index("audit_events_action_idx").on(t.action, t.at, t.id),
  ],
);

/** Shared rate-limit counters, so several app instances enforce one limit. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  reset_at: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Durable email outbox: each email is queued in the same transaction as the record it is about, then
 * delivered by the sender with retries. `subject_email` (lower-cased) names the person the email is about,
 * so privacy requests can find and erase it; `application_id` / `contact_message_id` link it to its record.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 40 }).notNull(),
    recipients: text("recipients").array().notNull(),
    subject_email: text("subject_email"),
    application_id: uuid("application_id"),
    contact_message_id: uuid("contact_message_id"),
    idempotency_key: text("idempotency_key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: varchar("status", { length: 10 }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: createdNow("next_attempt_at"),
    locked_until: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    last_error: text("last_error"),
    message_id: text("message_id").notNull(),
    created_at: createdNow("created_at"),
    sent_at: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** The staff stage move that caused this email (held for its undo window; an Undo cancels it; ADR 0090). */
    move_id: uuid("move_id"),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.status} in ('queued', 'sending')`),
    index("email_outbox_status_idx").on(t.status, t.created_at.desc()),
    index("email_outbox_subject_email_idx").on(t.subject_email),
    index("email_outbox_application_id_idx").on(t.application_id),
    index("email_outbox_contact_message_id_idx").on(t.contact_message_id),
    index("email_outbox_move_id_idx").on(t.move_id).where(sql`${t.move_id} is not null`),
    uniqueIndex("email_outbox_idempotency_idx")
      .on(t.idempotency_key, t.kind)
      .where(sql`${t.idempotency_key} is not null`),
  ],
);

/**
 * Privacy requests (access, correction, erasure) with their legal due dates. The person is named by a keyed
 * hash of their normalised address (`subject_hash`); `subject_email` holds the address only until an
 * erasure of that address clears it.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 20 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    subject_hash: text("subject_hash").notNull(),
    subject_email: text("subject_email"),
    received_at: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull(),
    due_at: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    completed_at: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    handled_by_id: uuid("handled_by_id"),
    handled_by_username: text("handled_by_username"),
    notes: text("notes"),
    created_at: createdNow("created_at"),
  },
  (t) => [
    index("privacy_requests_open_due_idx").on(t.due_at).where(sql`${t.status} = 'open'`),
    index("privacy_requests_subject_hash_idx").on(t.subject_hash),
  ],
);

/** Secrets the instances sharing one database must agree on, generated once when not configured. */
export const appSecrets = pgTable("app_secrets", {
  name: varchar("name", { length: 50 }).primaryKey(),
  value: text("value").notNull(),
  created_at: createdNow("created_at"),
});

/**
 * Answers to public submissions by Idempotency-Key (kept a day): a retried or doubled POST with the
 * same key returns the stored answer instead of storing a second row. Written in the same transaction
 * as the row it answers for; `fingerprint` (SHA-256 of the validated request) tells a reused key apart.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    route: varchar("route", { length: 40 }).notNull(),
    key: varchar("key", { length: 100 }).notNull(),
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    created_at: createdNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.route, t.key] }), index("idempotency_keys_created_at_idx").on(t.created_at)],
);

export type User = typeof users.$inferSelect;
export type Application = typeof applications.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type PrivacyRequest = typeof privacyRequests.$inferSelect;
export type StageHistoryRow = typeof applicationStageHistory.$inferSelect;
export type ApplicationNote = typeof applicationNotes.$inferSelect;
export type ApplicationOffer = typeof applicationOffers.$inferSelect;

/**
 * Webhook endpoints (ADR 0067): where events go, signed with `secret` (`whsec_…`); after a rotation the
 * previous secret signs alongside it until `previous_secret_until`. `failing_since` is the first failed
 * attempt since the last success: five days of failures disable the endpoint.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events").array().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  disabled_reason: text("disabled_reason"),
  /** Events about a record carry the record's form answers too (read at each attempt), not only its ids. */
  full_record: boolean("full_record").notNull().default(false),
  secret: text("secret").notNull(),
  previous_secret: text("previous_secret"),
  previous_secret_until: timestamp("previous_secret_until", { withTimezone: true, mode: "date" }),
  failing_since: timestamp("failing_since", { withTimezone: true, mode: "date" }),
  created_at: createdNow("created_at"),
  updated_at: createdNow("updated_at"),
});

/**
 * One event for one endpoint, written in the transaction of the record it is about. Its id is the
 * `webhook-id` of every attempt. Linked to its record, so a delete, an erasure or the retention purge of
 * the record removes it and its attempt log. Its endpoint is named without a foreign key (ADR 0076): every
 * submission would otherwise share-lock the one endpoint row, and concurrent lockers of one row cost
 * PostgreSQL a multixact per submission. Removing an endpoint removes its deliveries itself, and the
 * retention sweep removes any a submission queued while it was being removed.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpoint_id: uuid("endpoint_id").notNull(),
    event_type: varchar("event_type", { length: 40 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    application_id: uuid("application_id"),
    contact_message_id: uuid("contact_message_id"),
    status: varchar("status", { length: 12 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: createdNow("next_attempt_at"),
    locked_until: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    last_response_code: integer("last_response_code"),
    last_error: text("last_error"),
    created_at: createdNow("created_at"),
    delivered_at: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    foreignKey({ name: "webhook_deliveries_application_id_fkey", columns: [t.application_id], foreignColumns: [applications.id] }).onDelete("cascade"),
    foreignKey({
      name: "webhook_deliveries_contact_message_id_fkey",
      columns: [t.contact_message_id],
      foreignColumns: [contactMessages.id],
    }).onDelete("cascade"),
    index("webhook_deliveries_due_idx").on(t.next_attempt_at).where(sql`${t.status} in ('pending', 'sending')`),
    index("webhook_deliveries_endpoint_idx").on(t.endpoint_id, t.created_at),
    index("webhook_deliveries_application_idx").on(t.application_id).where(sql`${t.application_id} is not null`),
    index("webhook_deliveries_contact_message_idx").on(t.contact_message_id).where(sql`${t.contact_message_id} is not null`),
  ],
);

/** Each attempt of a delivery: outcome, duration, the receiver's status and the first KiB of its answer. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    delivery_id: uuid("delivery_id").notNull(),
    attempted_at: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    duration_ms: integer("duration_ms").notNull(),
    outcome: varchar("outcome", { length: 12 }).notNull(),
    response_code: integer("response_code"),
    response_body: text("response_body"),
    error: text("error"),
  },
  (t) => [
    foreignKey({ name: "webhook_attempts_delivery_id_fkey", columns: [t.delivery_id], foreignColumns: [webhookDeliveries.id] }).onDelete("cascade"),
    index("webhook_attempts_delivery_idx").on(t.delivery_id, t.attempted_at),
  ],
);

/** API keys for machines (ADR 0068): only the SHA-256 of the key is kept, with its scopes and last use. */
export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  prefix: varchar("prefix", { length: 20 }).notNull(),
  key_hash: varchar("key_hash", { length: 64 }).notNull().unique("api_keys_key_hash_key"),
  scopes: text("scopes").array().notNull(),
  created_by: text("created_by"),
  created_at: createdNow("created_at"),
  last_used_at: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  revoked_at: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
