ALTER TABLE "application_stage_history" ADD COLUMN "waitlist_rank_before" double precision;--> statement-breakpoint
ALTER TABLE "application_stage_history" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_stage_history" ADD COLUMN "undo_of" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "move_id" uuid;--> statement-breakpoint
CREATE INDEX "email_outbox_move_id_idx" ON "email_outbox" USING btree ("move_id") WHERE "email_outbox"."move_id" is not null;