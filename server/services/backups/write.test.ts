/**
 * A backup of an embedded database on disk, streamed through files (ADR 0105): the archive PGlite opens as its own,
 * nothing plain left behind, a snapshot a stopped process left removed, and a write that arrives meanwhile waits
 * for the copy and lands whole.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { extract } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedClientOf, openDatabase, type DatabaseHandle } from "../../db/client";
import { openBackup } from "./format";
import { BackupDiskError, writeBackup } from "./write";

async function entriesOf(tar: Buffer): Promise<{ name: string; type: string }[]> {
  const entries: { name: string; type: string }[] = [];
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on("entry", (header, stream, next) => {
      entries.push({ name: header.name, type: header.type ?? "file" });
      stream.on("end", next);
      stream.resume();
    });
    reader.on("finish", resolve);
    reader.on("error", reject);
  });
  reader.end(tar);
  await done;
  return entries;
}

describe("a backup streamed from the embedded database's files", { timeout: 120_000 }, () => {
  let dataDir: string;
  let backupDir: string;
  let database: DatabaseHandle;
  const key = randomBytes(32);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-write-data-"));
    backupDir = mkdtempSync(path.join(tmpdir(), "ovella-write-backups-"));
    database = await openDatabase({ engine: "pglite", dataDir });
    await database.db.execute(sql`create table notes (id serial primary key, body text not null)`);
    await database.db.execute(sql`insert into notes (body) select 'note ' || n from generate_series(1, 2000) n`);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  const takeBackup = (name: string) => {
    const client = embeddedClientOf(database.db);
    if (!client) throw new Error("not embedded");
    return writeBackup(client, { dir: backupDir, name, key, takenAt: new Date(), ledger: [], revocations: [], factorKey: null });
  };

  it("writes an archive PGlite opens as its own, with every row, and leaves nothing plain or half-written behind", async () => {
    const left = path.join(dataDir, ".backup-snapshot-1-1.tar");
    writeFileSync(left, "a copy a killed process left");
    const { bytes } = await takeBackup("ovella-a.backup");
    const file = readdirSync(backupDir);
    expect(file).toEqual(["ovella-a.backup"]);
    // The snapshot that was left, and this backup's own, are gone; only the database's own files remain.
    expect(readdirSync(dataDir).filter((name) => name.includes("snapshot"))).toEqual([]);

    const { archive } = openBackup(readFileSync(path.join(backupDir, "ovella-a.backup")), key);
    expect(bytes).toBeGreaterThan(archive.length / 100);
    const tar = gunzipSync(archive);
    const entries = await entriesOf(tar);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.every((e) => !e.name.startsWith("/") && (e.type === "file" || e.type === "directory"))).toBe(true);
    expect(entries.map((e) => e.name)).toContain("PG_VERSION");

    const copy = new PGlite({ loadDataDir: new Blob([new Uint8Array(archive)], { type: "application/x-gzip" }) });
    try {
      const { rows } = await copy.query<{ count: number; last: string }>("select count(*)::int as count, max(body) as last from notes");
      expect(rows[0]).toEqual({ count: 2000, last: "note 999" });
    } finally {
      await copy.close();
    }
  });

  it("holds a write that arrives during the copy until the copy is taken, then lands it whole", async () => {
    const backup = takeBackup("ovella-b.backup");
    const write = database.db.execute(sql`insert into notes (body) select 'late ' || n from generate_series(1, 500) n`);
    await Promise.all([backup, write]);
    const { archive } = openBackup(readFileSync(path.join(backupDir, "ovella-b.backup")), key);
    const copy = new PGlite({ loadDataDir: new Blob([new Uint8Array(archive)], { type: "application/x-gzip" }) });
    try {
      const { rows } = await copy.query<{ late: number }>("select count(*)::int as late from notes where body like 'late %'");
      // All of the write or none of it, never part.
      expect([0, 500]).toContain(rows[0]?.late);
    } finally {
      await copy.close();
    }
    const { rows } = await embeddedClientOf(database.db)!.query<{ count: number }>("select count(*)::int as count from notes");
    expect(rows[0]?.count).toBe(2500);
  });

  it("refuses with the disk's reason when the backup folder cannot be written, and leaves no copy anywhere", async () => {
    const notAFolder = path.join(backupDir, "a-file");
    writeFileSync(notAFolder, "in the way");
    const client = embeddedClientOf(database.db);
    if (!client) throw new Error("not embedded");
    const refused = writeBackup(client, { dir: path.join(notAFolder, "backups"), name: "ovella-c.backup", key, takenAt: new Date(), ledger: [], revocations: [], factorKey: null });
    await expect(refused).rejects.toBeInstanceOf(BackupDiskError);
    await expect(refused).rejects.toMatchObject({ place: "backups", code: "ENOTDIR" });
    expect(readdirSync(dataDir).filter((name) => name.includes("snapshot"))).toEqual([]);
    expect(readdirSync(backupDir).filter((name) => name.includes(".tmp-"))).toEqual([]);
  });
});
