/**
 * `npm run db:check`: fails when the migrations in `drizzle/` cannot be trusted (ADR 0078):
 * 1. the journal breaks a rule of ./journal-rules.ts (repeated tags or numbers, stamps that do not increase
 *    or lie in the future, a file missing from the journal, no snapshot for the last migration);
 * 2. `drizzle-kit generate` would write a migration on a clean tree (schema.ts and the snapshot disagree);
 * 3. a database built by the migrations differs from one built from `server/db/schema.ts` (a hand-written
 *    migration the schema does not declare, or the reverse).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { drizzle } from "drizzle-orm/pglite";
import { applyMigrations, migrationFiles, readJournal, readMigrations } from "../../server/db/migrations";
import * as schema from "../../server/db/schema";
import { compareCatalogs, describeCatalog } from "../lib/db-catalog";
import { journalProblems } from "./journal-rules";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const folder = path.join(root, "drizzle");
const schemaFile = path.join(root, "server/db/schema.ts");

function checkJournal(): string[] {
  return journalProblems({
    entries: readJournal(folder),
    sqlFiles: migrationFiles(folder),
    metaFiles: readdirSync(path.join(folder, "meta")),
    hashes: new Map(readMigrations(folder).map((migration) => [migration.tag, migration.hash])),
    now: Date.now(),
  });
}

/** Runs drizzle-kit's own generator on a copy of the folder: on a clean tree it must write nothing. */
function checkGenerator(): string[] {
  const scratch = mkdtempSync(path.join(tmpdir(), "ovella-db-check-"));
  try {
    cpSync(folder, path.join(scratch, "drizzle"), { recursive: true });
    const before = new Set(readdirSync(path.join(scratch, "drizzle")));
    const run = spawnSync(
      path.join(root, "node_modules/.bin/drizzle-kit"),
      ["generate", "--dialect", "postgresql", "--schema", schemaFile, "--out", "drizzle"],
      { cwd: scratch, encoding: "utf8" },
    );
    if (run.status !== 0) return [`drizzle-kit generate failed:\n${run.stdout}${run.stderr}`];
    const written = readdirSync(path.join(scratch, "drizzle")).filter((name) => !before.has(name));
    return written.map(
      (name) =>
        `drizzle-kit generate would write ${name}: server/db/schema.ts and the last snapshot disagree. ` +
        `Run \`npm run db:generate\` and commit what it writes:\n${readFileSync(path.join(scratch, "drizzle", name), "utf8")}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Builds one database from the migrations and one from the schema, and compares what they hold. */
async function checkDrift(): Promise<string[]> {
  const migrated = new PGlite({ extensions: { pg_trgm } });
  const declared = new PGlite({ extensions: { pg_trgm } });
  try {
    const migratedDb = drizzle(migrated);
    await applyMigrations(migratedDb, folder);
    // Extensions are made by hand-written SQL only: the declared database gets the same ones first.
    const extensions = (await migrated.query<{ extname: string }>("select extname from pg_extension where extname <> 'plpgsql'")).rows;
    for (const { extname } of extensions) await declared.exec(`create extension if not exists ${extname}`);
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    for (const statement of statements) await declared.exec(statement);
    const difference = compareCatalogs(await describeCatalog(migratedDb), await describeCatalog(drizzle(declared)));
    return [
      ...difference.onlyLeft.map((line) => `only the migrations make: ${line}`),
      ...difference.onlyRight.map((line) => `only server/db/schema.ts declares: ${line}`),
    ];
  } finally {
    await migrated.close();
    await declared.close();
  }
}

const problems = [...checkJournal(), ...checkGenerator(), ...(await checkDrift())];
if (problems.length > 0) {
  console.error(`db:check found ${problems.length} problem(s) in drizzle/:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`db:check: ${readJournal(folder).length} migrations; journal, snapshot and schema agree`);
