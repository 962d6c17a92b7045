/** The audit log for super admins: keyset pages newest first, filters, a record's history, batches for export. */
import { type SQL, sql } from "drizzle-orm";
import type { AuditEventRecord, AuditFilters, AuditListQuery, ListPage } from "#core/admin-lists";
import type { Database } from "../../db/client";
import { countRows, encodeCursor, instantOf, keysetBatches, keysetPage, rowsOf, type SortKey } from "./keyset";

const FROM = sql.raw(`"audit_events" a`);
const COLUMNS = sql.raw(
  [
    `a."id"`,
    `to_char(a."at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at"`,
    `a."actor_username"`,
    `a."action"`,
    `a."target_type"`,
    `a."target_id"`,
    `a."client_address"`,
    `a."detail"`,
  ].join(", "),
);
const AT: SortKey = { expr: sql.raw(`a."at"`), type: "timestamptz" };

export function auditConditions(f: Partial<AuditFilters>): SQL[] {
  const where: SQL[] = [];
  if (f.actor) where.push(sql`lower(a."actor_username") = lower(${f.actor})`);
  if (f.action) where.push(sql`a."action" = ${f.action}`);
  if (f.target) where.push(sql`a."target_id" = ${f.target}`);
  if (f.from) where.push(sql`a."at" >= cast(${instantOf(f.from)} as timestamptz)`);
  if (f.to) where.push(sql`a."at" < cast(${instantOf(f.to)} as timestamptz)`);
  return where;
}

export function createAuditLog(db: Database) {
  const base = (f: AuditFilters) => ({ db, from: FROM, where: auditConditions(f), sortName: "at", sort: AT, dir: f.dir });
  return {
    async page(query: AuditListQuery): Promise<ListPage<AuditEventRecord>> {
      const spec = base(query);
      const [page, total] = await Promise.all([
        keysetPage<AuditEventRecord>({ ...spec, columns: COLUMNS, limit: query.limit, cursor: query.cursor }),
        query.cursor ? Promise.resolve(null) : countRows(db, FROM, spec.where),
      ]);
      return { rows: page.rows, nextCursor: page.next ? encodeCursor(page.next) : null, total };
    },

    /** The newest events about one record (its page's history). */
    async history(targetType: string, targetId: string, limit = 100): Promise<AuditEventRecord[]> {
      return rowsOf<AuditEventRecord>(
        await db.execute(
          sql`select ${COLUMNS} from ${FROM} where a."target_id" = ${targetId} and a."target_type" = ${targetType}
              order by a."at" desc, a."id" desc limit ${limit}`,
        ),
      );
    },

    batches(filters: AuditFilters, batchSize?: number): AsyncGenerator<AuditEventRecord[]> {
      return keysetBatches<AuditEventRecord>({ ...base(filters), columns: COLUMNS }, batchSize);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
