-- Postcodes of every country the form lists (longest: Iran's 11 characters). PostgreSQL cannot change the type
-- of a column a generated column reads, so "eligible" is dropped and made again with the same expression
-- (server/db/schema.ts, core/pipeline/eligibility.ts), recomputed for every row in this transaction.
ALTER TABLE "applications" DROP COLUMN "eligible";
--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "zipCode" SET DATA TYPE varchar(12);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "eligible" boolean GENERATED ALWAYS AS (
  "age" >= 18 AND "age" < 35 AND "state" = 'California' AND "zipCode" IS NOT NULL
  AND substr("zipCode", 1, 3) IN ('940','941','943','944','945','946','947','948','949','950','951',
    '900','901','902','903','904','905','906','907','908','910','911','912','913','914','915','916','917','918','935')
  AND "zipCode" ~ '^[0-9]{5}$'
) STORED NOT NULL;
