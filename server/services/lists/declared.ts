/**
 * A list declaration (core/lists/declarations.ts) as SQL over the table alias `a`: the select list of a
 * row, the keyset key of each sort, and the filters as conditions. Column names come from the
 * declaration and the catalogue (never from a request); values are always parameters.
 */
import { type SQL, sql } from "drizzle-orm";
import type { FieldDef } from "#core/fields";
import type { FilterDecl, ListDecl, SortKeySpec } from "#core/lists/declarations";
import { containsPattern, epochMsColumn, instantOf, isoColumn, type SortKey } from "./keyset";

const column = (name: string) => `a."${name.replace(/"/g, '""')}"`;

function keyExpression(key: SortKeySpec): string {
  if ("joined" in key) return `lower(${key.joined.map(column).join(` || ' ' || `)})`;
  if ("labelRank" in key) {
    // Options sort by their label (what staff read), case-insensitively; unknown values after them.
    const ordered = key.options.toSorted((x, y) => x.label.toLowerCase().localeCompare(y.label.toLowerCase()));
    const whens = ordered.map((o, i) => `when '${o.value.replace(/'/g, "''")}' then ${i}`).join(" ");
    return `(case ${column(key.labelRank)} ${whens} else ${ordered.length} end)`;
  }
  return key.lower ? `lower(${column(key.column)})` : column(key.column);
}

function fieldOf(list: ListDecl, name: string): FieldDef | undefined {
  return list.fields[name];
}

function searchExpression(list: ListDecl, names: readonly string[]): SQL {
  const parts = names.map((n) => (fieldOf(list, n)?.nullable ? `coalesce(${column(n)}, '')` : column(n)));
  return sql.raw(`lower(${parts.join(` || ' ' || `)})`);
}

function condition(list: ListDecl, filter: FilterDecl, value: string): SQL | null {
  const { match } = filter;
  // A view changes where the rows come from (ListSql.fromOf), not which of them match.
  if ("view" in match) return null;
  if ("search" in match) return sql`${searchExpression(list, match.search)} like ${containsPattern(value)}`;
  if ("contains" in match) return sql`lower(${sql.raw(column(match.contains))}) like ${containsPattern(value)}`;
  if ("flag" in match) return sql`${sql.raw(column(match.flag))} = ${value === "yes"}`;
  if ("since" in match) return sql`${sql.raw(column(match.since))} >= cast(${instantOf(value)} as timestamptz)`;
  if ("before" in match) return sql`${sql.raw(column(match.before))} < cast(${instantOf(value)} as timestamptz)`;
  return match.ignoreCase
    ? sql`lower(${sql.raw(column(match.equals))}) = lower(${value})`
    : sql`${sql.raw(column(match.equals))} = ${value}`;
}

export interface ListSql<S extends string> {
  from: SQL;
  /** The row's select list (instants as ISO 8601 UTC text). */
  columns: SQL;
  /**
   * The export's select list: the id (the batches' tie-break) and each column of the CSV the row holds, nothing
   * else; instants as milliseconds since 1970.
   */
  exportColumns: SQL;
  /** The select list of the same address's other records on a record page. */
  sameEmailColumns: SQL;
  sortKeys: Record<S, SortKey>;
  /** The sort of a list that takes no `sort` parameter, and the first page's. */
  defaultSort: S;
  conditions: (filters: Partial<Record<string, unknown>>) => SQL[];
  /** Where the rows of these filters come from: `from`, unless a view of the list is chosen. */
  fromOf: (filters: Partial<Record<string, unknown>>) => SQL;
}

/** The source of each view a list declares (`{ view }` filters), as SQL aliased `a`. */
export type ViewSources = Partial<Record<"ranked_waitlist", SQL>>;

export function listSql<L extends ListDecl>(
  list: L,
  /** A source of the list's rows other than its plain table (with the views' columns, empty there), and each view's. */
  sources: { from?: SQL; views?: ViewSources } = {},
): ListSql<keyof L["sorts"] & string> {
  const isInstant = (n: string) => fieldOf(list, n)?.type === "instant";
  const select = (names: readonly string[], instant = isoColumn) =>
    sql.raw(names.map((n) => (isInstant(n) ? instant(n) : column(n))).join(", "));
  const columns = select(list.rowFields);
  const rowFields: readonly string[] = list.rowFields;
  // The export's instants as milliseconds: the CSV says them in the staff member's zone (csv-export.ts), never as ISO text.
  const exportColumns = select(["id", ...list.csv.map((c) => c.field).filter((f) => f !== "id" && rowFields.includes(f))], epochMsColumn);
  const from = sources.from ?? sql.raw(`"${list.table}" a`);
  const sortKeys = Object.fromEntries(
    Object.entries(list.sorts).map(([name, decl]) => [name, { expr: sql.raw(keyExpression(decl.key)), type: decl.type }]),
  ) as Record<keyof L["sorts"] & string, SortKey>;
  return {
    from,
    columns,
    exportColumns,
    sameEmailColumns: select(list.sameEmailFields ?? ["id"]),
    sortKeys,
    defaultSort: list.defaultSort as keyof L["sorts"] & string,
    conditions(filters) {
      const where: SQL[] = [];
      for (const filter of list.filters) {
        const value = filters[filter.id];
        const clause = typeof value === "string" && value !== "" ? condition(list, filter, value) : null;
        if (clause) where.push(clause);
      }
      return where;
    },
    fromOf(filters) {
      for (const filter of list.filters) {
        const value = filters[filter.id];
        if ("view" in filter.match && typeof value === "string" && value !== "") return sources.views?.[filter.match.view] ?? from;
      }
      return from;
    },
  };
}
