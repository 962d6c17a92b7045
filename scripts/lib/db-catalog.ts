/**
 * What a database's schema is, as lines of text that compare: every table's columns (type, nullability,
 * default, generation), indexes, constraints, extensions, enum types, functions and triggers of the `public`
 * schema. `npm run db:check` compares a database built by the migrations with one built from
 * `server/db/schema.ts`; the upgrade test compares an upgraded database with a fresh one.
 */
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

const CATALOG_QUERIES: Array<[kind: string, text: string]> = [
  [
    "column",
    `select table_name, column_name, udt_name, coalesce(character_maximum_length::text, ''), is_nullable,
            coalesce(column_default, ''), is_identity, coalesce(generation_expression, '')
       from information_schema.columns where table_schema = 'public'`,
  ],
  ["index", `select tablename, indexdef from pg_indexes where schemaname = 'public'`],
  [
    "constraint",
    `select conrelid::regclass::text, conname, pg_get_constraintdef(oid)
       from pg_constraint where connamespace = 'public'::regnamespace`,
  ],
  ["extension", `select extname from pg_extension`],
  [
    "enum",
    `select t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder)
       from pg_type t join pg_enum e on e.enumtypid = t.oid
      where t.typnamespace = 'public'::regnamespace group by t.typname`,
  ],
  ["function", `select proname, pg_get_function_identity_arguments(oid) from pg_proc where pronamespace = 'public'::regnamespace`],
  ["trigger", `select tgrelid::regclass::text, tgname from pg_trigger where not tgisinternal`],
];

/** The schema of `db` as sorted lines such as `index | applications | CREATE INDEX …`. */
export async function describeCatalog(db: AnyPgDatabase): Promise<string[]> {
  const lines: string[] = [];
  for (const [kind, text] of CATALOG_QUERIES) {
    const result = (await db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
    for (const row of result.rows) lines.push([kind, ...Object.values(row).map(String)].join(" | "));
  }
  return lines.toSorted();
}

export interface CatalogDifference {
  onlyLeft: string[];
  onlyRight: string[];
}

export function compareCatalogs(left: string[], right: string[]): CatalogDifference {
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  return {
    onlyLeft: left.filter((line) => !rightSet.has(line)),
    onlyRight: right.filter((line) => !leftSet.has(line)),
  };
}
