import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { createRateLimitService } from "./rate-limits";

describe.each(TEST_ENGINES)("database rate-limit counters on %s", (engine) => {
  let database: TestDatabase;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  it("counts hits in a fixed window and starts over once it has passed", async () => {
    const counters = createRateLimitService(database.db, now);
    const first = await counters.increment("window", 60_000);
    expect(first.hits).toBe(1);
    expect(first.resetAt.getTime() - now().getTime()).toBeLessThanOrEqual(60_000);
    expect((await counters.increment("window", 60_000)).hits).toBe(2);
    const third = await counters.increment("window", 60_000);
    expect(third.hits).toBe(3);
    expect(third.resetAt.getTime()).toBe(first.resetAt.getTime());
    expect(await counters.get("window")).toEqual({ hits: 3, resetAt: first.resetAt });

    offset += 61_000;
    expect(await counters.get("window")).toBeUndefined();
    const fresh = await counters.increment("window", 60_000);
    expect(fresh.hits).toBe(1);
    expect(fresh.resetAt.getTime()).toBeGreaterThan(first.resetAt.getTime());
  });

  it("counts concurrent hits exactly once each", async () => {
    const counters = createRateLimitService(database.db, now);
    const results = await Promise.all(Array.from({ length: 25 }, () => counters.increment("burst", 60_000)));
    expect(results.map((r) => r.hits).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("decrements without going below zero, and resets a key", async () => {
    const counters = createRateLimitService(database.db, now);
    await counters.increment("dec", 60_000);
    await counters.decrement("dec");
    await counters.decrement("dec");
    expect((await counters.get("dec"))?.hits).toBe(0);
    await counters.reset("dec");
    expect(await counters.get("dec")).toBeUndefined();
  });

  it("prunes expired counters", async () => {
    const counters = createRateLimitService(database.db, now);
    await counters.increment("short-lived", 1_000);
    await counters.increment("long-lived", 3_600_000);
    offset += 5_000;
    await counters.prune();
    const keys = (await database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("short-lived");
    expect(keys).toContain("long-lived");
  });
});
