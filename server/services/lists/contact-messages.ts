/**
 * Server-side list of contact messages for the staff admin: keyset pages, sorts (reason by its
 * label), filters, stats over the filtered rows, one record, and every row in batches.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ContactFilters, ContactListQuery, ContactSort, ContactStatsResponse, ListPage } from "#core/admin-lists";
import { CONTACT_REASONS } from "#core/options";
import type { Database } from "../../db/client";
import { containsPattern, countRows, encodeCursor, instantOf, keysetBatches, keysetPage, rowsOf, type SortKey } from "./keyset";

export interface ContactRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  reason: string;
  subject: string;
  message: string;
  submitted_at: string;
}

const FROM = sql.raw(`"contact_messages" a`);
const ISO_SUBMITTED = `to_char(a."submitted_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submitted_at"`;
const COLUMNS = sql.raw(
  [...["id", "firstName", "lastName", "email", "phone", "reason", "subject", "message"].map((c) => `a."${c}"`), ISO_SUBMITTED].join(", "),
);

/** Reasons sort by their label (what staff read), case-insensitively; unknown values after them. */
const REASON_RANK = (() => {
  const ordered = CONTACT_REASONS.toSorted((x, y) => x.label.toLowerCase().localeCompare(y.label.toLowerCase()));
  const whens = ordered.map((r, i) => `when '${r.value.replace(/'/g, "''")}' then ${i}`).join(" ");
  return sql.raw(`(case a."reason" ${whens} else ${ordered.length} end)`);
})();

export const CONTACT_SORT_KEYS: Record<ContactSort, SortKey> = {
  submitted_at: { expr: sql.raw(`a."submitted_at"`), type: "timestamptz" },
  name: { expr: sql.raw(`lower(a."firstName" || ' ' || a."lastName")`), type: "text" },
  email: { expr: sql.raw(`lower(a."email")`), type: "text" },
  reason: { expr: REASON_RANK, type: "integer" },
  subject: { expr: sql.raw(`lower(a."subject")`), type: "text" },
};

const SEARCH = sql.raw(`lower(a."firstName" || ' ' || a."lastName" || ' ' || a."email" || ' ' || coalesce(a."phone", ''))`);

export function contactConditions(f: Partial<ContactFilters>): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(sql`${SEARCH} like ${containsPattern(f.q)}`);
  if (f.firstName) where.push(sql`lower(a."firstName") like ${containsPattern(f.firstName)}`);
  if (f.lastName) where.push(sql`lower(a."lastName") like ${containsPattern(f.lastName)}`);
  if (f.reason) where.push(sql`a."reason" = ${f.reason}`);
  if (f.from) where.push(sql`a."submitted_at" >= cast(${instantOf(f.from)} as timestamptz)`);
  if (f.to) where.push(sql`a."submitted_at" < cast(${instantOf(f.to)} as timestamptz)`);
  return where;
}

export const RECENT_DAYS = 7;

export interface ContactRecordDetail {
  record: ContactRow;
  sameEmail: { id: string; subject: string; submitted_at: string }[];
}

export function createContactLists(db: Database, now: () => Date) {
  const base = (f: ContactFilters) => ({
    db,
    from: FROM,
    where: contactConditions(f),
    sortName: f.sort,
    sort: CONTACT_SORT_KEYS[f.sort],
    dir: f.dir,
  });

  return {
    async page(query: ContactListQuery): Promise<ListPage<ContactRow>> {
      const spec = base(query);
      const [page, total] = await Promise.all([
        keysetPage<ContactRow>({ ...spec, columns: COLUMNS, limit: query.limit, cursor: query.cursor }),
        query.cursor ? Promise.resolve(null) : countRows(db, FROM, spec.where),
      ]);
      return { rows: page.rows, nextCursor: page.next ? encodeCursor(page.next) : null, total };
    },

    async stats(filters: ContactFilters): Promise<ContactStatsResponse> {
      const where = contactConditions(filters);
      const since = new Date(now().getTime() - RECENT_DAYS * 86_400_000).toISOString();
      const [total, thisWeek, overall] = await Promise.all([
        countRows(db, FROM, where),
        countRows(db, FROM, [...where, sql`a."submitted_at" >= cast(${since} as timestamptz)`]),
        countRows(db, FROM, []),
      ]);
      return { total, thisWeek, overall };
    },

    async record(id: string): Promise<ContactRecordDetail | null> {
      const [record] = rowsOf<ContactRow>(await db.execute(sql`select ${COLUMNS} from ${FROM} where a."id" = ${id}`));
      if (!record) return null;
      const sameEmail = rowsOf<ContactRecordDetail["sameEmail"][number]>(
        await db.execute(
          sql`select a."id", a."subject", ${sql.raw(ISO_SUBMITTED)} from ${FROM}
              where lower(a."email") = lower(${record.email}) and a."id" <> ${id}
              order by a."submitted_at" desc, a."id" desc limit 100`,
        ),
      );
      return { record, sameEmail };
    },

    batches(filters: ContactFilters, batchSize?: number): AsyncGenerator<ContactRow[]> {
      return keysetBatches<ContactRow>({ ...base(filters), columns: COLUMNS }, batchSize);
    },
  };
}

export type ContactLists = ReturnType<typeof createContactLists>;
