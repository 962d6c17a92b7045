import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { DurabilityError, DurableNodeFS, WriteJournal, wrapDurableClient } from "./durable-fs";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "ovella-durable-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the write journal's group commit", () => {
  it("answers a write only after a sync that began after it, overlaps syncs, and lets concurrent writers share one", async () => {
    const dir = tempDir();
    const file = path.join(dir, "wal");
    writeFileSync(file, "x");
    const journal = new WriteJournal();
    journal.noteWal(file);
    const first = journal.durable();
    // Written while the first sync runs: that sync cannot cover it; a second one starts at once.
    journal.noteWal(file);
    const second = journal.durable();
    await Promise.all([first, second]);
    expect(journal.syncs).toBe(2);
    // Ten commits finished before anyone asked: one sync serves all ten.
    for (let i = 0; i < 10; i++) journal.noteWal(file);
    await Promise.all(Array.from({ length: 10 }, () => journal.durable()));
    expect(journal.syncs).toBe(3);
    // Nothing written since: no sync at all.
    await journal.durable();
    expect(journal.syncs).toBe(3);
  });

  it("refuses to call a write durable when the disk refuses the sync, and tries again next time", async () => {
    const journal = new WriteJournal();
    journal.noteWal("/proc/self/status"); // fdatasync answers EINVAL there
    await expect(journal.durable()).rejects.toBeInstanceOf(DurabilityError);
    await expect(journal.durable()).rejects.toMatchObject({ code: "EINVAL" });
  });

  it("skips a file removed before its sync (its directory is synced instead)", async () => {
    const journal = new WriteJournal();
    journal.noteWal(path.join(tempDir(), "gone"));
    await journal.durable();
    expect(journal.syncs).toBe(1);
  });
});

describe("PGlite over the durable filesystem", { timeout: 60_000 }, () => {
  it("syncs what commits wrote, once for many concurrent commits, and never for reads", async () => {
    const fs = new DurableNodeFS(path.join(tempDir(), "pglite"));
    const client = new PGlite({ fs });
    wrapDurableClient(client, fs.journal);
    await client.waitReady;
    await client.exec("create table t (n int)");
    const before = fs.journal.syncs;
    expect(before).toBeGreaterThan(0);
    await Promise.all(Array.from({ length: 40 }, (_, n) => client.query("insert into t values ($1)", [n])));
    const afterInserts = fs.journal.syncs;
    expect(afterInserts).toBeGreaterThan(before);
    expect(afterInserts - before).toBeLessThan(40);
    await client.query("select count(*) from t");
    expect(fs.journal.syncs).toBe(afterInserts);
    await client.transaction(async (tx) => {
      await tx.query("insert into t values (100)");
      await tx.query("insert into t values (101)");
    });
    expect(fs.journal.syncs).toBe(afterInserts + 1);
    expect((await client.query<{ c: number }>("select count(*)::int as c from t")).rows[0]?.c).toBe(42);
    await client.close();
  });
});
