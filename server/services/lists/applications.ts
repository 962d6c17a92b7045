/**
 * Server-side list of applications for the staff admin: keyset pages with every sort and filter of
 * the admin, aggregate stats over the filtered rows, one record with its duplicates and history,
 * and every row in batches (exports, the streamed whole list).
 */
import { type SQL, sql } from "drizzle-orm";
import type {
  ApplicationFilters,
  ApplicationListQuery,
  ApplicationListRow,
  ApplicationRow,
  ApplicationSort,
  ApplicationStatsResponse,
  CountItem,
  ListPage,
} from "#core/admin-lists";
import type { Database } from "../../db/client";
import { containsPattern, countRows, instantOf, rowsOf, type SortKey } from "./keyset";
import { rankCounts } from "./ranking";
import { createRecordList, isoColumn } from "./record-list";
import { ServiceError } from "../errors";

export type { ApplicationListRow, ApplicationRow } from "#core/admin-lists";

const FROM = sql.raw(`"applications" a`);

const COLUMN_NAMES = [
  "id", "firstName", "lastName", "email", "age", "state", "phone", "zipCode", "interestLevel", "interestLevelOther",
  "formSource", "marketing_consent", "traffic_source", "utm_source", "utm_medium", "utm_campaign", "referrer_url",
  "landing_path", "browser_language", "timezone", "event_id", "tracking_consent",
] as const;

const COLUMNS = sql.raw([...COLUMN_NAMES.map((c) => `a."${c}"`), isoColumn("submitted_at")].join(", "));
/** One probe of the (lower(email), id) index per listed row. */
const REPEAT = sql.raw(
  `exists (select 1 from "applications" b where lower(b."email") = lower(a."email") and (b."submitted_at", b."id") < (a."submitted_at", a."id")) as "repeat"`,
);

export const APPLICATION_SORT_KEYS: Record<ApplicationSort, SortKey> = {
  submitted_at: { expr: sql.raw(`a."submitted_at"`), type: "timestamptz" },
  name: { expr: sql.raw(`lower(a."firstName" || ' ' || a."lastName")`), type: "text" },
  email: { expr: sql.raw(`lower(a."email")`), type: "text" },
  age: { expr: sql.raw(`a."age"`), type: "integer" },
  state: { expr: sql.raw(`lower(a."state")`), type: "text" },
  marketing: { expr: sql.raw(`a."marketing_consent"`), type: "boolean" },
};

const SEARCH = sql.raw(`lower(a."firstName" || ' ' || a."lastName" || ' ' || a."email" || ' ' || coalesce(a."phone", ''))`);

export function applicationConditions(f: Partial<ApplicationFilters>): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(sql`${SEARCH} like ${containsPattern(f.q)}`);
  if (f.firstName) where.push(sql`lower(a."firstName") like ${containsPattern(f.firstName)}`);
  if (f.lastName) where.push(sql`lower(a."lastName") like ${containsPattern(f.lastName)}`);
  if (f.state) where.push(sql`a."state" = ${f.state}`);
  if (f.formSource) where.push(sql`a."formSource" = ${f.formSource}`);
  if (f.traffic_source) where.push(sql`a."traffic_source" = ${f.traffic_source}`);
  if (f.marketing) where.push(sql`a."marketing_consent" = ${f.marketing === "yes"}`);
  if (f.from) where.push(sql`a."submitted_at" >= cast(${instantOf(f.from)} as timestamptz)`);
  if (f.to) where.push(sql`a."submitted_at" < cast(${instantOf(f.to)} as timestamptz)`);
  return where;
}

export interface ApplicationRecordDetail {
  record: ApplicationRow;
  /** Other applications from the same email address, newest first. */
  sameEmail: { id: string; firstName: string; lastName: string; formSource: string; submitted_at: string }[];
}

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
const counts = (map: Map<string, number>): CountItem[] => [...map].map(([label, count]) => ({ label, count }));

const SAME_EMAIL = sql.raw(`a."id", a."firstName", a."lastName", a."formSource", ${isoColumn("submitted_at")}`);

export function createApplicationLists(db: Database) {
  const list = createRecordList<ApplicationFilters, ApplicationRow>({
    db,
    from: FROM,
    columns: COLUMNS,
    conditions: applicationConditions,
    sortOf: (f) => ({ name: f.sort, key: APPLICATION_SORT_KEYS[f.sort] }),
  });

  return {
    page(query: ApplicationListQuery): Promise<ListPage<ApplicationListRow>> {
      return list.page<ApplicationListRow>(query, sql`${COLUMNS}, ${REPEAT}`);
    },

    /**
     * One pass over the filtered rows, grouped by state, traffic source and campaign (about 1,500
     * groups at most), summed up here: the total, average age and the three rankings come from the
     * same rows. The unfiltered count is that total when no filter is set.
     */
    async stats(filters: ApplicationFilters): Promise<ApplicationStatsResponse> {
      const where = applicationConditions(filters);
      const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const [groups, overallCount] = await Promise.all([
        db.execute(
          sql`select a."state" as state, coalesce(a."traffic_source", '') as source, coalesce(a."utm_campaign", '') as campaign,
                count(*)::int as n, sum(a."age")::float8 as ages
              from ${FROM} ${clause} group by 1, 2, 3`,
        ),
        where.length ? countRows(db, FROM, []) : Promise.resolve(null),
      ]);
      let total = 0;
      let ages = 0;
      const states = new Map<string, number>();
      const sources = new Map<string, number>();
      const campaigns = new Map<string, number>();
      for (const g of rowsOf<{ state: string; source: string; campaign: string; n: number; ages: number }>(groups)) {
        const n = Number(g.n);
        total += n;
        ages += Number(g.ages);
        add(states, g.state, n);
        add(sources, g.source, n);
        add(campaigns, g.campaign, n);
      }
      return {
        total,
        overall: overallCount ?? total,
        averageAge: total ? Math.round((ages / total) * 10) / 10 : null,
        topStates: rankCounts(counts(states), 5),
        bySource: rankCounts(counts(sources)),
        byCampaign: rankCounts(counts(campaigns), 5),
      };
    },

    async record(id: string): Promise<ApplicationRecordDetail> {
      const record = await list.byId(id);
      if (!record) throw new ServiceError("not_found", "Application not found");
      return { record, sameEmail: await list.sameEmail<ApplicationRecordDetail["sameEmail"][number]>(record.email, id, SAME_EMAIL) };
    },

    /** Every row of the filters, in the sort, in batches. */
    batches: list.batches,
  };
}

export type ApplicationLists = ReturnType<typeof createApplicationLists>;
