-- The pilot's selection (ADR 0059-0061): a stage per application with its history, notes, an owner,
-- the eligibility rule as a stored generated column, offers with their single-use links, and the one
-- quota row every move locks so places are never over-given.
ALTER TABLE "applications" ADD COLUMN "stage" varchar(30) DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "applications" SET "stage_changed_at" = "submitted_at";
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "owner" text REFERENCES "users"("username") ON UPDATE CASCADE ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "waitlist_rank" double precision;
--> statement-breakpoint
-- Mirrors core/pipeline/eligibility.ts and core/pipeline/pilot-zip-codes.ts (a test compares them).
ALTER TABLE "applications" ADD COLUMN "eligible" boolean GENERATED ALWAYS AS (
  "age" >= 18 AND "age" < 35 AND "state" = 'California' AND "zipCode" IS NOT NULL
  AND substr("zipCode", 1, 3) IN ('940','941','943','944','945','946','947','948','949','950','951',
    '900','901','902','903','904','905','906','907','908','910','911','912','913','914','915','916','917','918','935')
  AND "zipCode" ~ '^[0-9]{5}$'
) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "applications_stage_submitted_idx" ON "applications" USING btree ("stage","submitted_at","id");
--> statement-breakpoint
CREATE INDEX "applications_owner_idx" ON "applications" USING btree ("owner","submitted_at","id") WHERE "owner" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "applications_waitlist_idx" ON "applications" USING btree ("waitlist_rank","id") WHERE "stage" = 'waitlisted';
--> statement-breakpoint
CREATE TABLE "application_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"from_stage" varchar(30) NOT NULL,
	"to_stage" varchar(30) NOT NULL,
	"actor_id" uuid,
	"actor_username" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "application_stage_history_app_idx" ON "application_stage_history" USING btree ("application_id","at");
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"author_id" uuid,
	"author_username" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "application_notes_app_idx" ON "application_notes" USING btree ("application_id","created_at");
--> statement-breakpoint
CREATE TABLE "application_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" varchar(20)
);
--> statement-breakpoint
CREATE INDEX "application_offers_app_idx" ON "application_offers" USING btree ("application_id","created_at");
--> statement-breakpoint
CREATE INDEX "application_offers_open_idx" ON "application_offers" USING btree ("expires_at") WHERE "outcome" IS NULL;
--> statement-breakpoint
CREATE TABLE "pilot_quota" (
	"id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "pilot_quota" ("id") VALUES (1);
