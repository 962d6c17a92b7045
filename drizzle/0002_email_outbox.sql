CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"recipients" text[] NOT NULL,
	"subject_email" text,
	"application_id" uuid,
	"contact_message_id" uuid,
	"idempotency_key" text,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_subject_email_idx" ON "email_outbox" USING btree ("subject_email");--> statement-breakpoint
CREATE INDEX "email_outbox_application_id_idx" ON "email_outbox" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "email_outbox_contact_message_id_idx" ON "email_outbox" USING btree ("contact_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_idempotency_idx" ON "email_outbox" USING btree ("idempotency_key","kind") WHERE "email_outbox"."idempotency_key" is not null;