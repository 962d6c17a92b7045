/**
 * The funnel and the waits served from the per-instance cache (ADR 0075) on both engines: countedAt on
 * every answer; a fresh answer served as it is; a stale one served once more while exactly one recount
 * runs, the next call seeing the new counts; one older than the bound counted before answering;
 * ?fresh=1 counting at once. Then the daily series in the staff member's time zone (ADR 0075): an
 * application submitted at 05:00 UTC counts on the day before in America/Los_Angeles, an unknown zone is
 * refused with 400. The cache itself (one recount at a time, the LRU bound) with a counting stub.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Funnel, funnelSchema, type Stuck, stuckSchema } from "#core/contracts/funnel";
import { applications } from "../../server/db/schema";
import { createCountCache } from "../../server/services/pipeline/count-cache";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, insertUser, login } from "../../testing/fixtures";

const DAY = 86_400_000;
const SECOND = 1000;

let serial = 0;
async function applicant(t: TestApp, values: Partial<typeof applications.$inferInsert> = {}): Promise<void> {
  serial++;
  await t.database.db.insert(applications).values({
    firstName: `Cora${serial}`,
    lastName: "Cache",
    email: `cora${serial}@example.com`,
    age: 30,
    state: "California",
    zipCode: "94110",
    interestLevel: "Actively researching",
    formSource: "main page",
    ...values,
  });
}

const applied = (funnel: Funnel) => funnel.total.steps[0]?.count;
const waitingNew = (stuck: Stuck) => stuck.stages.find((s) => s.stage === "new")?.count;

describe.each(TEST_ENGINES)("the funnel's cache (%s)", (engine) => {
  let t: TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };
  let token: string;
  const funnel = async (query = "") => {
    const res = await request(t.app).get(`/api/admin/pipeline/funnel${query}`).set(bearer(token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return funnelSchema.parse(res.body);
  };
  const stuck = async (query = "") => {
    const res = await request(t.app).get(`/api/admin/pipeline/stuck${query}`).set(bearer(token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return stuckSchema.parse(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertUser(t, "cache_user", "user");
    token = await login(t, "cache_user");
    await applicant(t, { submitted_at: new Date(t.now().getTime() - DAY) });
  });
  afterAll(async () => {
    await t.services.pipeline.funnel.settled();
    await t.close();
  });

  it("answers with the time of counting and serves that answer again while it is fresh", async () => {
    const before = t.now().getTime();
    const first = await funnel();
    expect(applied(first)).toBe(1);
    expect(Date.parse(first.countedAt)).toBeGreaterThanOrEqual(before - SECOND);
    expect(Date.parse(first.countedAt)).toBeLessThanOrEqual(t.now().getTime());
    const waits = await stuck();
    expect(waitingNew(waits)).toBe(1);
    expect(waits.countedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await applicant(t, { submitted_at: new Date(t.now().getTime() - DAY) });
    t.advance(50 * SECOND);
    const again = await funnel();
    expect(applied(again)).toBe(1);
    expect(again.countedAt).toBe(first.countedAt);
    expect(waitingNew(await stuck())).toBe(1);
  });

  it("serves a stale answer at once, recounts it in the background, and the next call sees the new counts", async () => {
    t.advance(20 * SECOND);
    const stale = await funnel();
    expect(applied(stale)).toBe(1);
    const staleWaits = await stuck();
    expect(waitingNew(staleWaits)).toBe(1);
    await t.services.pipeline.funnel.settled();
    const recounted = await funnel();
    expect(applied(recounted)).toBe(2);
    expect(Date.parse(recounted.countedAt)).toBeGreaterThan(Date.parse(stale.countedAt));
    expect(waitingNew(await stuck())).toBe(2);
  });

  it("counts before answering once an answer is older than ten minutes", async () => {
    await applicant(t, { submitted_at: new Date(t.now().getTime() - DAY) });
    t.advance(11 * 60 * SECOND);
    const answer = await funnel();
    expect(applied(answer)).toBe(3);
    expect(Math.abs(Date.parse(answer.countedAt) - t.now().getTime())).toBeLessThan(5 * SECOND);
  });

  it("counts at once with fresh=1, and that answer is served from then on", async () => {
    const cached = await funnel();
    await applicant(t, { submitted_at: new Date(t.now().getTime() - DAY) });
    expect(applied(await funnel())).toBe(3);
    t.advance(SECOND);
    const fresh = await funnel("?fresh=1");
    expect(applied(fresh)).toBe(4);
    expect(Date.parse(fresh.countedAt)).toBeGreaterThan(Date.parse(cached.countedAt));
    expect(applied(await funnel())).toBe(4);
    expect(waitingNew(await stuck("?fresh=1"))).toBe(4);
  });

  it("refuses a fresh value other than 0 or 1", async () => {
    const res = await request(t.app).get("/api/admin/pipeline/stuck?fresh=yes").set(bearer(token));
    expect(res.status).toBe(400);
  });
});

describe.each(TEST_ENGINES)("the daily series in the staff member's time zone (%s)", (engine) => {
  let t: TestApp;
  let token: string;
  let utcDay: string;
  let laDay: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertUser(t, "zone_user", "user");
    token = await login(t, "zone_user");
    // 05:00 UTC on a day two days back: 21:00 (or 22:00) the evening before in California.
    const now = t.now();
    const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 2 * DAY;
    const submitted = new Date(base + 5 * 3600_000);
    utcDay = new Date(base).toISOString().slice(0, 10);
    laDay = new Date(base - DAY).toISOString().slice(0, 10);
    await applicant(t, { submitted_at: submitted });
  });
  afterAll(() => t.close());

  const daily = async (query: string) => {
    const res = await request(t.app).get(`/api/admin/pipeline/funnel?days=7${query}`).set(bearer(token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = funnelSchema.parse(res.body);
    return { zone: body.zone, counted: body.daily.filter((d) => d.count > 0) };
  };

  it("counts an application on the day of the zone the browser sends, and on the UTC day without one", async () => {
    expect(await daily("&zone=America%2FLos_Angeles")).toEqual({ zone: "America/Los_Angeles", counted: [{ date: laDay, count: 1 }] });
    expect(await daily("&zone=UTC")).toEqual({ zone: "UTC", counted: [{ date: utcDay, count: 1 }] });
    expect(await daily("")).toEqual({ zone: "UTC", counted: [{ date: utcDay, count: 1 }] });
  });

  it("ends the series on today in the zone", async () => {
    const res = await request(t.app).get("/api/admin/pipeline/funnel?days=3&zone=Pacific%2FKiritimati").set(bearer(token));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati", year: "numeric", month: "2-digit", day: "2-digit" }).format(t.now());
    expect((res.body as Funnel).daily.at(-1)?.date).toBe(today);
  });

  it("refuses an unknown zone or an offset with 400 and says what to send", async () => {
    for (const zone of ["Mars%2FOlympus_Mons", "%2B05%3A00", "UTC'%3Bdrop", "x".repeat(80)]) {
      const res = await request(t.app).get(`/api/admin/pipeline/funnel?zone=${zone}`).set(bearer(token));
      expect(res.status, zone).toBe(400);
      expect(JSON.stringify(res.body), zone).toContain("Give an IANA time zone such as America/Los_Angeles or UTC");
    }
  });
});

function stub() {
  let clock = Date.parse("2026-11-26T05:00:00Z");
  let value = 0;
  const calls: string[] = [];
  const releases: (() => void)[] = [];
  const cache = createCountCache<number>({ now: () => new Date(clock), freshMs: 60_000, maxStaleMs: 600_000, maxKeys: 3 });
  const count = (key: string) => () => {
    calls.push(key);
    const n = ++value;
    return new Promise<number>((resolve) => releases.push(() => resolve(n)));
  };
  const releaseAll = async () => {
    for (const release of releases.splice(0)) release();
    await cache.settled();
  };
  return { cache, count, calls, releaseAll, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe("the count cache", () => {
  it("recounts a stale key once however many ask, serving the stale answer meanwhile", async () => {
    const s = stub();
    const first = s.cache.get("a", s.count("a"));
    await s.releaseAll();
    expect((await first).value).toBe(1);
    s.advance(61_000);
    const answers = await Promise.all([s.cache.get("a", s.count("a")), s.cache.get("a", s.count("a")), s.cache.get("a", s.count("a"))]);
    expect(answers.map((a) => a.value)).toEqual([1, 1, 1]);
    expect(s.calls).toEqual(["a", "a"]);
    await s.releaseAll();
    const next = await s.cache.get("a", s.count("a"));
    expect(next.value).toBe(2);
    expect(next.countedAt.getTime()).toBe(s.now());
    expect(s.calls).toEqual(["a", "a"]);
  });

  it("counts anew for fresh even while a background recount runs, and joins fresh requests that overlap", async () => {
    const s = stub();
    const first = s.cache.get("a", s.count("a"));
    await s.releaseAll();
    await first;
    s.advance(61_000);
    await s.cache.get("a", s.count("a"));
    expect(s.calls).toEqual(["a", "a"]);
    const fresh = [s.cache.get("a", s.count("a"), true), s.cache.get("a", s.count("a"), true)];
    expect(s.calls).toEqual(["a", "a", "a"]);
    await s.releaseAll();
    expect((await Promise.all(fresh)).map((a) => a.value)).toEqual([3, 3]);
    expect((await s.cache.get("a", s.count("a"))).value).toBe(3);
  });

  it("keeps the answer of a count that failed in the background", async () => {
    let fail = false;
    const errors: string[] = [];
    let clock = 0;
    const cache = createCountCache<number>({ now: () => new Date(clock), freshMs: 10, maxStaleMs: 100, maxKeys: 2, onError: (key) => errors.push(key) });
    const count = () => (fail ? Promise.reject(new Error("down")) : Promise.resolve(7));
    expect((await cache.get("k", count)).value).toBe(7);
    fail = true;
    clock = 50;
    expect((await cache.get("k", count)).value).toBe(7);
    await cache.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toEqual(["k"]);
    clock = 200;
    await expect(cache.get("k", count)).rejects.toThrow("down");
  });

  it("keeps at most maxKeys keys, dropping the least recently used", async () => {
    const s = stub();
    for (const key of ["a", "b", "c"]) void s.cache.get(key, s.count(key));
    await s.releaseAll();
    void s.cache.get("a", s.count("a"));
    void s.cache.get("d", s.count("d"));
    await s.releaseAll();
    expect(s.cache.keys().toSorted()).toEqual(["a", "c", "d"]);
  });
});
