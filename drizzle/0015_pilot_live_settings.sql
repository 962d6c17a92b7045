ALTER TABLE "pilot_quota" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "enrollment_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "enrollment_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "assessment_instructions" text;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "closing_letters_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pilot_quota" ADD COLUMN "settings_updated_at" timestamp with time zone;