-- Deliveries name their endpoint without a foreign key (ADR 0076). The key's check share-locked the one
-- endpoint row in every submission that queued a delivery: concurrent lockers of one row made PostgreSQL
-- create a multixact per submission. Removing an endpoint now removes its deliveries in the same
-- transaction, and the retention sweep removes a delivery queued while its endpoint was being removed.
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT IF EXISTS "webhook_deliveries_endpoint_id_fkey";
