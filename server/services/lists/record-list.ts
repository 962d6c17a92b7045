/**
 * What every server-side admin list shares (applications, contact messages, the audit log): the
 * filters as SQL conditions over alias `a`, keyset pages with the first page's total, every row in the
 * list's sort for exports, one record by id, and the other records of the same email address.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ListPage } from "#core/contracts/lists";
import type { Database } from "../../db/client";
import type { ListSql } from "./declared";
import { allRows, countUpTo, encodeCursor, keysetPage, rowsOf, type SortKey } from "./keyset";

/** A list's SQL (./declared.ts, from its declaration) over a database. */
export function createRecordList<F extends { dir: "asc" | "desc" }, Row extends { id: string }>(db: Database, spec: ListSql<string>) {
  const { from, columns } = spec;
  const base = (filters: F) => {
    // A list with one sort takes no `sort` parameter.
    const sortName = (filters as { sort?: string }).sort ?? spec.defaultSort;
    const sort = spec.sortKeys[sortName] as SortKey;
    return { db, from: spec.fromOf(filters), where: spec.conditions(filters), sortName, sort, dir: filters.dir };
  };

  /** Every row of the filters, in their sort, in batches of `batchColumns`. */
  const batches = (filters: F, batchColumns: SQL = columns): AsyncGenerator<Row[]> => allRows<Row>({ ...base(filters), columns: batchColumns });

  return {
    /**
     * One keyset page; the first page also carries the filtered total when it is at most
     * PAGE_TOTAL_LIMIT (else null: the stats call counts any size exactly).
     */
    async page<PageRow extends Row = Row>(
      query: F & { limit: number; cursor?: string | null },
      pageColumns: SQL = columns,
    ): Promise<ListPage<PageRow>> {
      const list = base(query);
      const [page, total] = await Promise.all([
        keysetPage<PageRow>({ ...list, columns: pageColumns, limit: query.limit, cursor: query.cursor }),
        query.cursor ? Promise.resolve(null) : countUpTo(db, list.from, list.where),
      ]);
      return { rows: page.rows, nextCursor: page.next ? encodeCursor(page.next) : null, total };
    },

    /** Every row of the filters, in their sort, in batches (the streamed whole lists). */
    batches,

    /** The same rows with the export's columns alone (the id and the CSV's): less for the database to read and send. */
    exportBatches: (filters: F, batchColumns: SQL = spec.exportColumns): AsyncGenerator<Row[]> => batches(filters, batchColumns),

    /** One record with up to 100 other records from the same email address (case-insensitive), newest first. */
    async record<Other>(id: string): Promise<{ record: Row; sameEmail: Other[] } | null> {
      const [record] = rowsOf<Row & { email: string }>(await db.execute(sql`select ${columns} from ${from} where a."id" = ${id}`));
      if (!record) return null;
      const sameEmail = rowsOf<Other>(
        await db.execute(
          sql`select ${spec.sameEmailColumns} from ${from} where lower(a."email") = lower(${record.email}) and a."id" <> ${id}
              order by a."submitted_at" desc, a."id" desc limit 100`,
        ),
      );
      return { record, sameEmail };
    },
  };
}
