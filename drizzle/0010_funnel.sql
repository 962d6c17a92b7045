-- The selection's waits (ADR 0067): applicants in the stages that wait for staff, by how long they have
-- waited. The stuck list reads it in order and stops at its limit; the per-stage medians scan it alone.
CREATE INDEX "applications_waiting_idx" ON "applications" USING btree ("stage_changed_at","stage") WHERE "stage" IN ('new','reviewing','assessment_invited','assessment_passed');
