CREATE TABLE "applicant_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" varchar(30) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(20),
	"cancelled_by" text
);
--> statement-breakpoint
CREATE TABLE "assessment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"meets_criteria" boolean NOT NULL,
	"recommendation" varchar(20) NOT NULL,
	"reason" text NOT NULL,
	"reviewer_id" uuid,
	"reviewer_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" varchar(20) NOT NULL,
	"actor_id" uuid,
	"actor_username" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consult_availability" (
	"id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"slot_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"min_notice_hours" integer NOT NULL,
	"max_days_ahead" integer NOT NULL,
	"exceptions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consult_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'booked' NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "consult_bookings_uid_key" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "applicant_contact_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "applicant_contact_changes_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consult_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "kit_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "consult_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "applicant_reminders" ADD CONSTRAINT "applicant_reminders_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_reviews" ADD CONSTRAINT "assessment_reviews_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_steps" ADD CONSTRAINT "assessment_steps_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_bookings" ADD CONSTRAINT "consult_bookings_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_contact_changes" ADD CONSTRAINT "applicant_contact_changes_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_reminders_app_idx" ON "applicant_reminders" USING btree ("application_id","due_at");--> statement-breakpoint
CREATE INDEX "applicant_reminders_due_idx" ON "applicant_reminders" USING btree ("due_at") WHERE "applicant_reminders"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_reminders_one_kind_idx" ON "applicant_reminders" USING btree ("application_id","kind") WHERE "applicant_reminders"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "assessment_reviews_app_idx" ON "assessment_reviews" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_steps_app_idx" ON "assessment_steps" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "consult_bookings_slot_idx" ON "consult_bookings" USING btree ("starts_at") WHERE "consult_bookings"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "consult_bookings_application_idx" ON "consult_bookings" USING btree ("application_id") WHERE "consult_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "consult_bookings_app_idx" ON "consult_bookings" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "applicant_contact_changes_app_idx" ON "applicant_contact_changes" USING btree ("application_id","created_at");