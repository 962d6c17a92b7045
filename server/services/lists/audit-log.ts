/** The audit log for super admins: keyset pages newest first, filters, a record's history, batches for export. */
import { type SQL, sql } from "drizzle-orm";
import type { AuditEventRecord, AuditFilters, AuditListQuery, ListPage } from "#core/admin-lists";
import type { Database } from "../../db/client";
import { instantOf, rowsOf, type SortKey } from "./keyset";
import { createRecordList, isoColumn } from "./record-list";

const FROM = sql.raw(`"audit_events" a`);
const COLUMNS = sql.raw(
  [
    `a."id"`,
    isoColumn("at"),
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
  const list = createRecordList<AuditFilters, AuditEventRecord>({
    db,
    from: FROM,
    columns: COLUMNS,
    conditions: auditConditions,
    sortOf: () => ({ name: "at", key: AT }),
  });
  return {
    page(query: AuditListQuery): Promise<ListPage<AuditEventRecord>> {
      return list.page(query);
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

    batches: list.batches,
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
