-- The selection's funnel and waits (ADR 0067; the stage lists mirror core/pipeline/funnel.ts: a query
-- with another list is still right, only slower).
-- Everyone by stage and by each split of the funnel: the funnel's first count is an index-only scan.
CREATE INDEX "applications_funnel_idx" ON "applications" USING btree ("stage","traffic_source","formSource","utm_campaign");
--> statement-breakpoint
-- Those in a stage that can follow a further step (STAGES_AFTER_FURTHER_STEPS), in id order: merged with
-- the index below, the history is read only for them, without touching the table.
CREATE INDEX "applications_after_further_idx" ON "applications" USING btree ("id","stage","traffic_source","formSource","utm_campaign") WHERE "stage" IN ('not_eligible','waitlisted','withdrawn');
--> statement-breakpoint
-- The stages that wait for staff, by how long: counts, medians and the stuck list read it in order.
CREATE INDEX "applications_waiting_idx" ON "applications" USING btree ("stage","stage_changed_at","id") WHERE "stage" IN ('new','reviewing','assessment_invited','assessment_passed');
--> statement-breakpoint
-- The moves that prove a step beyond applying (ADVANCED_STAGES), per applicant.
CREATE INDEX "application_stage_history_reached_idx" ON "application_stage_history" USING btree ("application_id","to_stage") WHERE "to_stage" IN ('assessment_invited','assessment_passed','offered','enrolled','declined','offer_expired');
--> statement-breakpoint
-- The latest moves out of a stage (the median time before moving on).
CREATE INDEX "application_stage_history_left_idx" ON "application_stage_history" USING btree ("from_stage","at");
