/**
 * A new embedded database is made by a child process and moved into place whole (ADR 0105): the server opens it as
 * it opens one made before, and what a killed first start left is made anew; a backup's plain snapshot a killed process
 * left is removed before anything is served.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, rawQuery } from "./client";

async function openAndCount(dataDir: string): Promise<number> {
  const database = await openDatabase({ engine: "pglite", dataDir });
  try {
    const [row] = await rawQuery(database.db)<{ count: number }>("count", "select count(*)::int as count from applications", []);
    return row?.count ?? -1;
  } finally {
    await database.close();
  }
}

describe("a new embedded database", { timeout: 120_000 }, () => {
  const made: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ovella-initdb-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("is made in a child process, moved into place whole, migrated, and opened again as it was left", async () => {
    const dataDir = newDataDir();
    expect(await openAndCount(dataDir)).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(readdirSync(dataDir)).not.toContain("pglite.new");
    const database = await openDatabase({ engine: "pglite", dataDir });
    await rawQuery(database.db)("insert", "insert into audit_events (action, target_type) values ('initdb_test', 'test')", []);
    await database.close();
    const again = await openDatabase({ engine: "pglite", dataDir });
    try {
      const rows = await rawQuery(again.db)("count", "select count(*)::int as count from audit_events where action = 'initdb_test'", []);
      expect(rows).toEqual([{ count: 1 }]);
    } finally {
      await again.close();
    }
  });

  it("makes anew what a first start killed midway left (a half-made pglite.new, an empty pglite folder), and removes a backup's left snapshot", async () => {
    const dataDir = newDataDir();
    mkdirSync(path.join(dataDir, "pglite"), { mode: 0o700 });
    mkdirSync(path.join(dataDir, "pglite.new", "base"), { recursive: true });
    writeFileSync(path.join(dataDir, "pglite.new", "PG_VERSION"), "17\n");
    // And a backup's plain snapshot that a killed process left beside the database.
    writeFileSync(path.join(dataDir, ".backup-snapshot-1-1.tar"), "a plain copy");
    expect(await openAndCount(dataDir)).toBe(0);
    expect(readdirSync(dataDir)).not.toContain("pglite.new");
    expect(readdirSync(dataDir)).not.toContain(".backup-snapshot-1-1.tar");
    expect(readdirSync(path.join(dataDir, "pglite"))).toContain("global");
  });
});
