/**
 * Server-side list of applications for the staff admin: keyset pages with every sort and filter of
 * the admin, aggregate stats over the filtered rows, one record with its duplicates and history,
 * and every row in batches (exports, the streamed whole list).
 */
import { type SQL, sql } from "drizzle-orm";
import type { ApplicationFilters, ApplicationListQuery, ApplicationSort, ApplicationStatsResponse, CountItem, ListPage } from "#core/admin-lists";
import type { Database } from "../../db/client";
import { containsPattern, countRows, encodeCursor, instantOf, keysetBatches, keysetPage, rowsOf, type SortKey } from "./keyset";
import { rankCounts } from "./ranking";

/** Every stored field staff may read: the advertising ids fbc/fbp never leave the server. */
export interface ApplicationRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  state: string;
  phone: string | null;
  zipCode: string | null;
  interestLevel: string;
  interestLevelOther: string | null;
  formSource: string;
  marketing_consent: boolean;
  submitted_at: string;
  traffic_source: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_url: string | null;
  landing_path: string | null;
  browser_language: string | null;
  timezone: string | null;
  event_id: string | null;
  tracking_consent: string | null;
}

export interface ApplicationListRow extends ApplicationRow {
  /** True when the same email address applied before this application. */
  repeat: boolean;
}

const FROM = sql.raw(`"applications" a`);

const COLUMN_NAMES = [
  "id", "firstName", "lastName", "email", "age", "state", "phone", "zipCode", "interestLevel", "interestLevelOther",
  "formSource", "marketing_consent", "traffic_source", "utm_source", "utm_medium", "utm_campaign", "referrer_url",
  "landing_path", "browser_language", "timezone", "event_id", "tracking_consent",
] as const;

/** Timestamps as ISO 8601 UTC with milliseconds, like Date.toISOString(). */
const ISO_SUBMITTED = `to_char(a."submitted_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submitted_at"`;
const COLUMNS = sql.raw([...COLUMN_NAMES.map((c) => `a."${c}"`), ISO_SUBMITTED].join(", "));
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

export function createApplicationLists(db: Database) {
  const base = (f: ApplicationFilters) => ({
    db,
    from: FROM,
    where: applicationConditions(f),
    sortName: f.sort,
    sort: APPLICATION_SORT_KEYS[f.sort],
    dir: f.dir,
  });

  return {
    async page(query: ApplicationListQuery): Promise<ListPage<ApplicationListRow>> {
      const spec = base(query);
      const [page, total] = await Promise.all([
        keysetPage<ApplicationListRow>({ ...spec, columns: sql`${COLUMNS}, ${REPEAT}`, limit: query.limit, cursor: query.cursor }),
        query.cursor ? Promise.resolve(null) : countRows(db, FROM, spec.where),
      ]);
      return { rows: page.rows, nextCursor: page.next ? encodeCursor(page.next) : null, total };
    },

    async stats(filters: ApplicationFilters): Promise<ApplicationStatsResponse> {
      const where = applicationConditions(filters);
      const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const [summary, states, sources, campaigns, overall] = await Promise.all([
        db.execute(sql`select count(*)::int as n, avg(a."age")::float8 as avg from ${FROM} ${clause}`),
        db.execute(sql`select a."state" as label, count(*)::int as count from ${FROM} ${clause} group by a."state" order by count(*) desc, a."state" limit 50`),
        db.execute(sql`select coalesce(a."traffic_source", '') as label, count(*)::int as count from ${FROM} ${clause} group by 1 order by 2 desc limit 50`),
        db.execute(sql`select coalesce(a."utm_campaign", '') as label, count(*)::int as count from ${FROM} ${clause} group by 1 order by 2 desc limit 50`),
        countRows(db, FROM, []),
      ]);
      const [row] = rowsOf<{ n: number; avg: number | null }>(summary);
      const total = Number(row?.n ?? 0);
      const average = row?.avg === null || row?.avg === undefined ? null : Number(row.avg);
      const topStates = rankCounts(rowsOf<CountItem>(states), 5);
      return {
        total,
        overall,
        averageAge: total && average !== null ? Math.round(average * 10) / 10 : null,
        topStates,
        bySource: rankCounts(rowsOf<CountItem>(sources)),
        byCampaign: rankCounts(rowsOf<CountItem>(campaigns), 5),
      };
    },

    async record(id: string): Promise<ApplicationRecordDetail | null> {
      const [record] = rowsOf<ApplicationRow>(await db.execute(sql`select ${COLUMNS} from ${FROM} where a."id" = ${id}`));
      if (!record) return null;
      const sameEmail = rowsOf<ApplicationRecordDetail["sameEmail"][number]>(
        await db.execute(
          sql`select a."id", a."firstName", a."lastName", a."formSource", ${sql.raw(ISO_SUBMITTED)} from ${FROM}
              where lower(a."email") = lower(${record.email}) and a."id" <> ${id}
              order by a."submitted_at" desc, a."id" desc limit 100`,
        ),
      );
      return { record, sameEmail };
    },

    /** Every row of the filters, in the sort, in batches. */
    batches(filters: ApplicationFilters, batchSize?: number): AsyncGenerator<ApplicationRow[]> {
      return keysetBatches<ApplicationRow>({ ...base(filters), columns: COLUMNS }, batchSize);
    },
  };
}

export type ApplicationLists = ReturnType<typeof createApplicationLists>;
