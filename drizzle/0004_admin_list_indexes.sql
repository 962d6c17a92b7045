CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_submitted_idx" ON "applications" USING btree ("submitted_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_name_idx" ON "applications" USING btree (lower("firstName" || ' ' || "lastName"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_email_idx" ON "applications" USING btree (lower("email"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_age_idx" ON "applications" USING btree ("age","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_state_idx" ON "applications" USING btree (lower("state"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_sort_marketing_idx" ON "applications" USING btree ("marketing_consent","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_state_submitted_idx" ON "applications" USING btree ("state","submitted_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_search_trgm_idx" ON "applications" USING gin (lower("firstName" || ' ' || "lastName" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_first_name_trgm_idx" ON "applications" USING gin (lower("firstName") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_last_name_trgm_idx" ON "applications" USING gin (lower("lastName") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_sort_submitted_idx" ON "contact_messages" USING btree ("submitted_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_sort_name_idx" ON "contact_messages" USING btree (lower("firstName" || ' ' || "lastName"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_sort_email_idx" ON "contact_messages" USING btree (lower("email"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_sort_subject_idx" ON "contact_messages" USING btree (lower("subject"),"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_search_trgm_idx" ON "contact_messages" USING gin (lower("firstName" || ' ' || "lastName" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_first_name_trgm_idx" ON "contact_messages" USING gin (lower("firstName") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_last_name_trgm_idx" ON "contact_messages" USING gin (lower("lastName") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_actor_idx" ON "audit_events" USING btree (lower("actor_username"),"at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_target_idx" ON "audit_events" USING btree ("target_id","at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_action_idx" ON "audit_events" USING btree ("action","at","id");
