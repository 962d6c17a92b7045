import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../../testing/database";
import { ServiceError } from "../errors";
import { allRows, countUpTo, decodeCursor, encodeCursor, isCursorKey, keysetBatches, keysetPage, type SortKey } from "./keyset";

describe.each(TEST_ENGINES)("list counting and whole-list walks on %s", (engine) => {
  let database: TestDatabase;
  const from = sql.raw(`"contact_messages" a`);
  const tag = `keyset${Date.now()}`;
  const mine = sql`a."lastName" = ${tag}`;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.execute(
      sql`insert into "contact_messages" ("firstName", "lastName", "email", "reason", "subject", "message", "submitted_at")
          select 'Row' || n, ${tag}, 'row' || n || '@example.com', 'other', 'Subject ' || n, 'Body', now() - n * interval '1 minute'
          from generate_series(1, 1203) as n`,
    );
  });
  afterAll(() => database.destroy());

  it("counts exactly up to the limit and answers null above it", async () => {
    expect(await countUpTo(database.db, from, [mine], 1203)).toBe(1203);
    expect(await countUpTo(database.db, from, [mine], 1202)).toBeNull();
    expect(await countUpTo(database.db, from, [mine, sql`a."firstName" = 'Row7'`])).toBe(1);
  });

  it("walks every row once, in the sort, whatever the engine's way (cursor or keyset batches)", async () => {
    const sort: SortKey = { expr: sql.raw(`a."submitted_at"`), type: "timestamptz" };
    const query = { db: database.db, from, columns: sql.raw(`a."id", a."firstName"`), where: [mine], sortName: "submitted_at", sort, dir: "desc" as const };
    const walked: { id: string; firstName: string }[] = [];
    for await (const batch of allRows<{ id: string; firstName: string }>(query)) walked.push(...batch);
    expect(walked).toHaveLength(1203);
    expect(walked.slice(0, 3).map((r) => r.firstName)).toEqual(["Row1", "Row2", "Row3"]);
    expect(walked.at(-1)?.firstName).toBe("Row1203");
    const keyset: string[] = [];
    for await (const batch of keysetBatches<{ id: string; firstName: string }>(query, 100)) keyset.push(...batch.map((r) => r.id));
    expect(keyset).toEqual(walked.map((r) => r.id));
  });

  it("batches decoded from one JSON text per batch equal the driver's own rows, values and types alike", async () => {
    const columns = sql.raw(
      `a."id", a."firstName", a."phone", (a."subject" = 'Subject 1') as "flag", length(a."message") as "n", jsonb_build_object('k', a."reason") as "detail", ` +
        `to_char(a."submitted_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submitted_at"`,
    );
    const sort: SortKey = { expr: sql.raw(`lower(a."firstName")`), type: "text" };
    const query = { db: database.db, from, columns, where: [mine], sortName: "name", sort, dir: "asc" as const };
    const page = await keysetPage<{ id: string }>({ ...query, limit: 250 });
    const batches = keysetBatches<{ id: string }>(query, 250);
    const first = await batches.next();
    await batches.return(undefined);
    expect(first.value).toEqual(page.rows);
    expect(page.rows[0]).toEqual(expect.objectContaining({ firstName: "Row1", phone: null, flag: true, n: 4, detail: { k: "other" } }));
    expect(page.rows[1]).toEqual(expect.objectContaining({ firstName: "Row10", flag: false }));
  });

  it("a walk stopped early gives its connection back (the next queries still answer)", async () => {
    const sort: SortKey = { expr: sql.raw(`a."submitted_at"`), type: "timestamptz" };
    const query = { db: database.db, from, columns: sql.raw(`a."id"`), where: [mine], sortName: "submitted_at", sort, dir: "asc" as const };
    for (let i = 0; i < 12; i++) {
      for await (const batch of allRows<{ id: string }>(query)) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
    }
    expect(await countUpTo(database.db, from, [mine])).toBe(1203);
  });
});

describe("cursor keys are checked against their sort's type before any query", () => {
  it.each([
    ["timestamptz", "2026-11-25 17:04:05.123456+00", true],
    ["timestamptz", "2026-11-25 17:04:05+05:30", true],
    ["timestamptz", "not-a-date", false],
    ["timestamptz", "2026-02-30 10:00:00+00", false],
    ["timestamptz", "2026-13-01 10:00:00+00", false],
    ["timestamptz", "2026-11-25 24:00:00+00", false],
    ["integer", "42", true],
    ["integer", "-2147483648", true],
    ["integer", "99999999999", false],
    ["integer", "2147483648", false],
    ["integer", "1e3", false],
    ["boolean", "true", true],
    ["boolean", "maybe", false],
    ["text", "lindqvist maya", true],
    ["text", "a\u0000b", false],
    ["text", "\ud800", false],
  ] as const)("%s key %j is %s", (type, key, ok) => {
    expect(isCursorKey(type, key)).toBe(ok);
  });

  it("refuses a forged cursor whose key does not cast, as a validation error", () => {
    const forged = encodeCursor({ sort: "submitted_at", dir: "desc", key: "not-a-date", id: "00000000-0000-4000-8000-000000000000" });
    expect(() => decodeCursor(forged, "submitted_at", "desc", "timestamptz")).toThrow(ServiceError);
    const real = encodeCursor({ sort: "submitted_at", dir: "desc", key: "2026-11-25 17:04:05.1+00", id: "00000000-0000-4000-8000-000000000000" });
    expect(decodeCursor(real, "submitted_at", "desc", "timestamptz").key).toBe("2026-11-25 17:04:05.1+00");
  });
});
