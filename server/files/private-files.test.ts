/**
 * Private files: an existing data directory written under a loose umask is tightened at start, and with
 * the process umask set the embedded database's own files are created private.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { makeTreePrivate, PRIVATE_UMASK, restrictNewFiles } from "./private-files";

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every directory and file under `root` (itself included) with its permission bits. */
function modes(root: string): { file: string; dir: boolean; mode: number }[] {
  const out = [{ file: root, dir: true, mode: modeOf(root) }];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.push({ file, dir: entry.isDirectory(), mode: modeOf(file) });
  }
  return out;
}

// A cap, not a speed check: each test opens an embedded database on disk (about 20 s on a shared machine).
describe("private data files", { timeout: 120_000 }, () => {
  const made: string[] = [];
  let previousUmask: number | undefined;
  const scratch = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ovella-private-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    if (previousUmask !== undefined) process.umask(previousUmask);
    previousUmask = undefined;
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("creates a missing data directory 0700", () => {
    const dir = path.join(scratch(), "data", "nested");
    makeTreePrivate(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it("tightens what an existing directory holds: directories 0700, files 0600, links left alone", () => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o777 });
    chmodSync(path.join(dir, "pglite", "base"), 0o777);
    writeFileSync(path.join(dir, "pglite", "base", "1234"), "rows", { mode: 0o666 });
    chmodSync(path.join(dir, "pglite", "base", "1234"), 0o666);
    mkdirSync(path.join(dir, "outbox"), { mode: 0o755 });
    writeFileSync(path.join(dir, "outbox", "a.eml"), "mail", { mode: 0o644 });
    chmodSync(path.join(dir, "outbox", "a.eml"), 0o644);
    const outside = path.join(scratch(), "elsewhere.txt");
    writeFileSync(outside, "not ours");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, "link"));

    const { tightened } = makeTreePrivate(dir);

    expect(tightened).toBe(6);
    for (const { file, dir: isDir, mode } of modes(dir)) expect([file, mode]).toEqual([file, isDir ? 0o700 : 0o600]);
    expect(modeOf(outside)).toBe(0o644);
    expect(makeTreePrivate(dir).tightened).toBe(0);
  });

  it("the embedded database writes only private files, even under a loose umask", async () => {
    const dir = path.join(scratch(), "data");
    previousUmask = process.umask(0o022);
    const database = await openDatabase({ engine: "pglite", dataDir: dir });
    try {
      await database.db.execute(sql`create table private_check (n int)`);
      await database.db.execute(sql`insert into private_check select generate_series(1, 1000)`);
    } finally {
      await database.close();
    }
    const all = modes(dir);
    expect(all.filter((entry) => !entry.dir).length).toBeGreaterThan(10);
    expect(all.filter(({ dir: isDir, mode }) => mode !== (isDir ? 0o700 : 0o600))).toEqual([]);
  });

  it("with the process umask restricted, the embedded database writes only private files", async () => {
    const dir = path.join(scratch(), "data");
    previousUmask = restrictNewFiles();
    expect(process.umask()).toBe(PRIVATE_UMASK);
    makeTreePrivate(dir);
    const database = await openDatabase({ engine: "pglite", dataDir: dir });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
    const all = modes(dir);
    expect(all.filter((entry) => !entry.dir).length).toBeGreaterThan(10);
    const loose = all.filter(({ dir: isDir, mode }) => mode !== (isDir ? 0o700 : 0o600));
    expect(loose).toEqual([]);
  });
});
