ALTER TABLE "applications" ADD COLUMN "preferred_language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "preferred_language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_preferred_language_check" CHECK ("applications"."preferred_language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_preferred_language_check" CHECK ("contact_messages"."preferred_language" in ('en', 'es'));