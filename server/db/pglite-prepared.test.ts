import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DurableNodeFS, durableCalls } from "./durable-fs";
import { preparedStatements } from "./pglite-prepared";

const INSERT = `insert into items (name, size, meta) values ($1, $2, $3::text::jsonb)
  returning id, name, size, meta, made_at`;

describe("named prepared statements on PGlite", { timeout: 60_000 }, () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`create table items (
      id serial primary key, name text not null unique, size int, meta jsonb, made_at timestamptz not null default now())`);
  });
  afterAll(() => client.close());

  it("parses a statement once per session and answers each call with parsed rows", async () => {
    const run = preparedStatements(client);
    const first = await run<{ id: number; name: string; size: number | null; meta: unknown; made_at: Date }>(
      "items_insert", INSERT, ["one", 1, JSON.stringify({ a: [1, 2] })],
    );
    expect(first).toEqual([{ id: 1, name: "one", size: 1, meta: { a: [1, 2] }, made_at: expect.any(Date) }]);
    const second = await run<{ id: number; size: number | null; meta: unknown }>("items_insert", INSERT, ["two", null, null]);
    expect(second[0]).toMatchObject({ id: 2, size: null, meta: null });
    const statements = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name = 'items_insert'",
    );
    expect(statements.rows[0]?.n).toBe(1);
  });

  it("rejects a failing call with the database's error and leaves the session ready", async () => {
    const run = preparedStatements(client);
    await run("items_insert", INSERT, ["dup", 1, null]);
    await expect(run("items_insert", INSERT, ["dup", 2, null])).rejects.toMatchObject({
      code: "23505",
      constraint: "items_name_key",
    });
    const rows = await run<{ n: number }>("items_count", "select count(*)::int as n from items where name = $1", ["dup"]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("refuses to give one name to two texts", async () => {
    const run = preparedStatements(client);
    await run("items_by_name", "select id from items where name = $1", ["one"]);
    await expect(run("items_by_name", "select id from items where size = $1", [1])).rejects.toThrow(/another text/);
  });

  it("waits for a transaction another caller has open instead of running inside it", async () => {
    const run = preparedStatements(client);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('in a transaction')");
      inside();
      await held;
      await tx.rollback();
    });
    await started;
    const counted = run<{ n: number }>("items_count_named", "select count(*)::int as n from items where name = $1", ["in a transaction"]);
    finish();
    await transaction;
    // Run after the rollback: the row the transaction inserted was never there for it.
    expect(await counted).toEqual([{ n: 0 }]);
  });
});

describe("named prepared statements over the durable file system", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ovella-prepared-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers a call that wrote only after a sync, and a read without one", async () => {
    const fs = new DurableNodeFS(path.join(dir, "pglite"));
    const client = new PGlite({ fs });
    await client.waitReady;
    await client.exec("create table t (n int)");
    const run = preparedStatements(client, durableCalls(fs.journal));
    const before = fs.journal.syncs;
    await Promise.all(Array.from({ length: 20 }, (_, n) => run("t_insert", "insert into t values ($1)", [n])));
    const afterInserts = fs.journal.syncs;
    expect(afterInserts).toBeGreaterThan(before);
    // Group commit: calls that finished together shared syncs.
    expect(afterInserts - before).toBeLessThan(20);
    expect(await run("t_count", "select count(*)::int as n from t", [])).toEqual([{ n: 20 }]);
    expect(fs.journal.syncs).toBe(afterInserts);
    await client.close();
  });
});
