/**
 * Server-side list of applications for the staff admin: keyset pages with every sort and filter of
 * the admin, aggregate stats over the filtered rows, one record with its duplicates and history,
 * and every row in batches (exports, the streamed whole list).
 */
import { sql } from "drizzle-orm";
import { APPLICATIONS_LIST } from "#core/lists/declarations";
import type {
  ApplicationDetail,
  ApplicationFilters,
  ApplicationListQuery,
  ApplicationListRow,
  ApplicationRow,
  ApplicationStatsResponse,
  CountItem,
  ListPage,
} from "#core/contracts/lists";
import type { Database } from "../../db/client";
import { listSql } from "./declared";
import { countRows, rowsOf } from "./keyset";
import { rankCounts } from "./ranking";
import { createRecordList } from "./record-list";
import { ServiceError } from "../errors";

export type { ApplicationListRow, ApplicationRow } from "#core/contracts/lists";

/**
 * The ranked waitlist (the list's waitlist view, ADR 0087): the waitlisted rows only (their partial index),
 * numbered once per query by window functions: the position counts the eligible alone (promotion offers
 * places to them), the order puts them first and the others after, each in waitlist order. Everywhere
 * else both columns are empty and the subquery is flattened into a plain scan of the table, so the list
 * of a million applications pays nothing for them.
 */
const RANKED_WAITLIST = sql.raw(`(select a.*,
    (case when a."eligible" then row_number() over (partition by a."eligible" order by a."waitlist_rank", a."id") end)::int as "waitlistPosition",
    (row_number() over (order by a."eligible" desc, a."waitlist_rank", a."id"))::int as "waitlist_order"
  from "applications" a where a."stage" = 'waitlisted') a`);
const UNRANKED = sql.raw(`(select a.*, null::int as "waitlistPosition", 0 as "waitlist_order" from "applications" a) a`);

const LIST = listSql(APPLICATIONS_LIST, { from: UNRANKED, views: { ranked_waitlist: RANKED_WAITLIST } });
const { columns: COLUMNS } = LIST;
const WITH_POSITION = sql`${COLUMNS}, a."waitlistPosition"`;

/** One probe of the (lower(email), id) index per listed row. */
const REPEAT = sql.raw(
  `exists (select 1 from "applications" b where lower(b."email") = lower(a."email") and (b."submitted_at", b."id") < (a."submitted_at", a."id")) as "repeat"`,
);


/** The record and the same address's other applications (newest first); the route adds the history. */
export type ApplicationRecordDetail = Pick<ApplicationDetail, "record" | "sameEmail">;

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
const counts = (map: Map<string, number>): CountItem[] => [...map].map(([label, count]) => ({ label, count }));


export function createApplicationLists(db: Database) {
  const list = createRecordList<ApplicationFilters, ApplicationRow>(db, LIST);

  return {
    page(query: ApplicationListQuery): Promise<ListPage<ApplicationListRow>> {
      return list.page<ApplicationListRow>(query, sql`${WITH_POSITION}, ${REPEAT}`);
    },

    /**
     * One pass over the filtered rows, grouped by state, traffic source and campaign (about 1,500
     * groups at most), summed up here: the total, average age and the three rankings come from the
     * same rows. The unfiltered count is that total when no filter is set.
     */
    async stats(filters: ApplicationFilters): Promise<ApplicationStatsResponse> {
      const where = LIST.conditions(filters);
      const source = LIST.fromOf(filters);
      const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const [groups, overallCount] = await Promise.all([
        db.execute(
          sql`select a."state" as state, coalesce(a."traffic_source", '') as source, coalesce(a."utm_campaign", '') as campaign,
                count(*)::int as n, sum(a."age")::float8 as ages
              from ${source} ${clause} group by 1, 2, 3`,
        ),
        where.length || source !== LIST.from ? countRows(db, LIST.from, []) : Promise.resolve(null),
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
      const record = await list.record<ApplicationRecordDetail["sameEmail"][number]>(id);
      if (!record) throw new ServiceError("not_found", "Application not found");
      return record;
    },

    /** Every row of the filters, in the sort, in batches (the streamed whole list). */
    batches: (filters: ApplicationFilters) => list.batches(filters),

    /** The rows of `batches` with the export's columns alone (the CSV's, the waitlist position in the waitlist view). */
    exportBatches: (filters: ApplicationFilters) =>
      list.exportBatches(filters, LIST.fromOf(filters) === LIST.from ? LIST.exportColumns : sql`${LIST.exportColumns}, a."waitlistPosition"`),
  };
}

