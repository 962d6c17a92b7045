/**
 * Server-side list of contact messages for the staff admin: keyset pages, sorts (reason by its
 * label), filters, stats over the filtered rows, one record, and every row in batches.
 */
import { sql } from "drizzle-orm";
import type { ContactDetail, ContactFilters, ContactListQuery, ContactRow, ContactStatsResponse, ListPage } from "#core/contracts/lists";
import { CONTACT_LIST } from "#core/lists/declarations";
import type { Database } from "../../db/client";
import { listSql } from "./declared";
import { countRows, rowsOf } from "./keyset";
import { createRecordList } from "./record-list";
import { ServiceError } from "../errors";

export type { ContactRow } from "#core/contracts/lists";

const LIST = listSql(CONTACT_LIST);
const { from: FROM } = LIST;


export const RECENT_DAYS = 7;

export type ContactRecordDetail = Omit<ContactDetail, "history">;


export function createContactLists(db: Database, now: () => Date) {
  const list = createRecordList<ContactFilters, ContactRow>(db, LIST);

  return {
    page(query: ContactListQuery): Promise<ListPage<ContactRow>> {
      return list.page(query);
    },

    /** The filtered total and This Week in one pass; the unfiltered count is that total when no filter is set. */
    async stats(filters: ContactFilters): Promise<ContactStatsResponse> {
      const where = LIST.conditions(filters);
      const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const since = new Date(now().getTime() - RECENT_DAYS * 86_400_000).toISOString();
      const [counts, overall] = await Promise.all([
        db.execute(
          sql`select count(*)::int as total, (count(*) filter (where a."submitted_at" >= cast(${since} as timestamptz)))::int as "thisWeek"
              from ${FROM} ${clause}`,
        ),
        where.length ? countRows(db, FROM, []) : Promise.resolve(null),
      ]);
      const [row] = rowsOf<{ total: number; thisWeek: number }>(counts);
      const total = Number(row?.total ?? 0);
      return { total, thisWeek: Number(row?.thisWeek ?? 0), overall: overall ?? total };
    },

    async record(id: string): Promise<ContactRecordDetail> {
      const record = await list.record<ContactRecordDetail["sameEmail"][number]>(id);
      if (!record) throw new ServiceError("not_found", "Contact message not found");
      return record;
    },

    batches: list.batches,
    exportBatches: list.exportBatches,
  };
}

