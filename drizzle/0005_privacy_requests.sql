CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"subject_hash" text NOT NULL,
	"subject_email" text,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"handled_by_id" uuid,
	"handled_by_username" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_requests_open_due_idx" ON "privacy_requests" USING btree ("due_at") WHERE "privacy_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "privacy_requests_subject_hash_idx" ON "privacy_requests" USING btree ("subject_hash");--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_target_id_idx" ON "audit_events" USING btree ("target_id");
