/**
 * The migration journal of every release that shipped a schema change, as it was shipped: which migrations
 * it held and the stamps it gave them (read from the history of `drizzle/meta/_journal.json` on main). The
 * upgrade test builds each release's database with Drizzle's stock migrator, as that release did, and opens
 * it with today's code.
 */
export interface ShippedRelease {
  commit: string;
  date: string;
  migrations: Array<{ tag: string; when: number }>;
}

/** The stamp each migration carried in every release that held it. */
const SHIPPED_STAMPS: Record<string, number> = {
  "0000_initial": 1795240234541,
  "0001_username_case_insensitive": 1795242552800,
  "0002_email_outbox": 1795443907002,
  "0003_idempotency_keys": 1795460000000,
  "0004_admin_list_indexes": 1795470000000,
  "0005_privacy_requests": 1795900000000,
  "0006_staff_factors": 1796000000000,
  "0008_pipeline": 1796200000000,
  "0009_webhooks": 1796300000000,
  "0010_funnel": 1796400000000,
  "0011_delivery_endpoint_link": 1796500000000,
};

const release = (commit: string, date: string, tags: string[]): ShippedRelease => ({
  commit,
  date,
  migrations: tags.map((tag) => ({ tag, when: SHIPPED_STAMPS[tag]! })),
});

const FIRST = ["0000_initial", "0001_username_case_insensitive", "0002_email_outbox"];
const ADMIN = [...FIRST, "0003_idempotency_keys", "0004_admin_list_indexes", "0005_privacy_requests"];
const FACTORS = [...ADMIN, "0006_staff_factors", "0008_pipeline"];

/** Oldest first. The journal order is the shipped one: 0003, 0004 and 0006 came in with stamps older than applied ones. */
export const SHIPPED_RELEASES: ShippedRelease[] = [
  release("95f0462", "2026-11-23", [...FIRST, "0005_privacy_requests"]),
  release("4e01e0e", "2026-11-23", [...FIRST, "0003_idempotency_keys", "0005_privacy_requests"]),
  release("81df6fe", "2026-11-23", ADMIN),
  release("c83b8df", "2026-11-25", [...ADMIN, "0008_pipeline"]),
  release("449be61", "2026-11-25", FACTORS),
  release("b186e93", "2026-11-26", [...FACTORS, "0009_webhooks"]),
  release("7b68ede", "2026-11-26", [...FACTORS, "0009_webhooks", "0010_funnel"]),
  release("b4154bb", "2026-11-26", [...FACTORS, "0009_webhooks", "0010_funnel", "0011_delivery_endpoint_link"]),
];
