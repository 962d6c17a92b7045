/** The hot-path rate-limit store: local decisions below half the limit, exact shared counts above it. */
import type { Options } from "express-rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../db/schema";
import { createLogger } from "../logger";
import { createRateLimitService } from "../services/rate-limits";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { BufferedRateLimitStore } from "./buffered-rate-limit";

describe.each(TEST_ENGINES)("buffered rate-limit store on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  function store(prefix: string, limit: number) {
    const s = new BufferedRateLimitStore({
      counters: createRateLimitService(database.db, () => new Date()),
      prefix,
      now: () => new Date(),
      logger: createLogger("silent"),
      flushMs: 3_600_000,
    });
    s.init({ windowMs: 600_000, limit } as Options);
    return s;
  }

  async function hitsInDatabase(key: string): Promise<number | undefined> {
    const rows = await database.db.select().from(rateLimits);
    return rows.find((r) => r.key === key)?.hits;
  }

  it("writes the first hit at once, counts the next ones locally and writes them on flush", async () => {
    const s = store("a:", 100);
    expect((await s.increment("ip")).totalHits).toBe(1);
    expect(await hitsInDatabase("a:ip")).toBe(1);
    for (let i = 0; i < 9; i++) await s.increment("ip");
    expect(await hitsInDatabase("a:ip")).toBe(1);
    expect((await s.get("ip"))?.totalHits).toBe(10);
    await s.stop();
    expect(await hitsInDatabase("a:ip")).toBe(10);
  });

  it("is exact and shared between instances from half the limit on", async () => {
    const one = store("b:", 4);
    const two = store("b:", 4);
    expect((await one.increment("ip")).totalHits).toBe(1);
    expect((await two.increment("ip")).totalHits).toBe(2);
    expect((await one.increment("ip")).totalHits).toBe(3);
    expect((await two.increment("ip")).totalHits).toBe(4);
    expect((await one.increment("ip")).totalHits).toBe(5);
    await Promise.all([one.stop(), two.stop()]);
  });
});
