/** The audit log for super admins: keyset pages newest first, filters, a record's history, batches for export. */
import { sql } from "drizzle-orm";
import type { AuditEventRecord, AuditFilters, AuditListQuery, ListPage } from "#core/contracts/lists";
import type { Database } from "../../db/client";
import { AUDIT_LIST } from "#core/lists/declarations";
import { listSql } from "./declared";
import { rowsOf } from "./keyset";
import { createRecordList } from "./record-list";

const LIST = listSql(AUDIT_LIST);
const { from: FROM, columns: COLUMNS } = LIST;

export function createAuditLog(db: Database) {
  const list = createRecordList<AuditFilters, AuditEventRecord>(db, LIST);
  return {
    page(query: AuditListQuery): Promise<ListPage<AuditEventRecord>> {
      return list.page(query);
    },

    /**
     * The newest events about one record (its page's history). Staff members' network addresses are
     * personal data shown to super admins only (who also read the whole audit log): for every other
     * viewer each event's `client_address` is null, so the address never leaves the server.
     */
    async history(
      targetType: string,
      targetId: string,
      viewer: { seesAddresses: boolean },
      limit = 100,
    ): Promise<AuditEventRecord[]> {
      const events = rowsOf<AuditEventRecord>(
        await db.execute(
          sql`select ${COLUMNS} from ${FROM} where a."target_id" = ${targetId} and a."target_type" = ${targetType}
              order by a."at" desc, a."id" desc limit ${limit}`,
        ),
      );
      return viewer.seesAddresses ? events : events.map((event) => ({ ...event, client_address: null }));
    },

    exportBatches: list.exportBatches,
  };
}

