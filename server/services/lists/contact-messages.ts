/**
 * Server-side list of contact messages for the staff admin: keyset pages, sorts (reason by its
 * label), filters, stats over the filtered rows, one record, and every row in batches.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ContactFilters, ContactListQuery, ContactRow, ContactSort, ContactStatsResponse, ListPage } from "#core/admin-lists";
import { CONTACT_REASONS } from "#core/options";
import type { Database } from "../../db/client";
import { containsPattern, countRows, instantOf, rowsOf, type SortKey } from "./keyset";
import { createRecordList, isoColumn } from "./record-list";
import { ServiceError } from "../errors";

export type { ContactRow } from "#core/admin-lists";

const FROM = sql.raw(`"contact_messages" a`);
const COLUMNS = sql.raw(
  [...["id", "firstName", "lastName", "email", "phone", "reason", "subject", "message"].map((c) => `a."${c}"`), isoColumn("submitted_at")].join(", "),
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

const SAME_EMAIL = sql.raw(`a."id", a."subject", ${isoColumn("submitted_at")}`);

export function createContactLists(db: Database, now: () => Date) {
  const list = createRecordList<ContactFilters, ContactRow>({
    db,
    from: FROM,
    columns: COLUMNS,
    conditions: contactConditions,
    sortOf: (f) => ({ name: f.sort, key: CONTACT_SORT_KEYS[f.sort] }),
  });

  return {
    page(query: ContactListQuery): Promise<ListPage<ContactRow>> {
      return list.page(query);
    },

    /** The filtered total and This Week in one pass; the unfiltered count is that total when no filter is set. */
    async stats(filters: ContactFilters): Promise<ContactStatsResponse> {
      const where = contactConditions(filters);
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
      const record = await list.byId(id);
      if (!record) throw new ServiceError("not_found", "Contact message not found");
      return { record, sameEmail: await list.sameEmail<ContactRecordDetail["sameEmail"][number]>(record.email, id, SAME_EMAIL) };
    },

    batches: list.batches,
  };
}

export type ContactLists = ReturnType<typeof createContactLists>;
