/** The staff admin's server-side lists: keyset paging, sorts, filters, search, stats, records, streamed exports, audit log. */
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { applications, auditEvents, contactMessages } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember } from "../../testing/fixtures";
import { csvRecords, keepsInOrder, SPEC_APPLICATION_CSV_HEADERS, SPEC_CONTACT_CSV_HEADERS } from "../../testing/wire-names";
import { APPLICATION_FIELDS, type Catalogue, CONTACT_FIELDS } from "#core/fields";
import { csvColumnsOf } from "#core/lists/declarations";

/** The headers of a catalogue's exported fields, in catalogue order. */
const csvColumns = (catalogue: Catalogue) => csvColumnsOf(catalogue).map((column) => column.header);

interface Page<T> {
  rows: T[];
  nextCursor: string | null;
  total: number | null;
}
interface AppRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  state: string;
  submitted_at: string;
  repeat: boolean;
  marketing_consent: boolean;
}

const BASE = Date.parse("2026-03-01T12:00:00Z");
const STATES = ["California", "Texas", "alaska", "New York", "Oregon"];
const SOURCES = ["facebook_ads", "google_ads", null];

/** 130 applications with tied timestamps, tied ages, mixed letter case and repeated emails. */
function bulkApplications(tag: string) {
  return Array.from({ length: 130 }, (_, i) => ({
    firstName: i % 3 === 0 ? `anna${i}` : `Bella${i}`,
    lastName: `Bulk${tag}`,
    email: `bulk${i % 100}.${tag}@example.com`,
    age: 18 + (i % 7),
    state: STATES[i % STATES.length] as string,
    phone: `415-555-${String(1000 + i)}`,
    zipCode: "94110",
    interestLevel: "Just curious",
    formSource: i % 2 ? "tiktok" : "apply page",
    marketing_consent: i % 4 === 0,
    traffic_source: SOURCES[i % 3] ?? null,
    utm_campaign: i % 5 === 0 ? `camp_${tag}` : null,
    // Groups of three share one instant: ties are broken by id.
    submitted_at: new Date(BASE + Math.floor(i / 3) * 60_000),
  }));
}

describe.each(TEST_ENGINES)("admin lists on %s", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;
  const tag = "zqxlists";

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t);
    await t.database.db.insert(applications).values(bulkApplications(tag));
  });
  afterAll(() => t.close());

  const get = (path: string, role: Role = "user") => request(t.app).get(path).set(bearer(staff[role].token));

  async function walk(query: string, between?: (pageIndex: number) => Promise<void>): Promise<{ rows: AppRow[]; total: number | null }> {
    const rows: AppRow[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    for (let pageIndex = 0; pageIndex < 20; pageIndex++) {
      const res = await get(`/api/admin/applications?${query}&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, res.text).toBe(200);
      const page = res.body as Page<AppRow>;
      if (pageIndex === 0) total = page.total;
      else expect(page.total).toBeNull();
      expect(page.rows.length).toBeLessThanOrEqual(50);
      rows.push(...page.rows);
      cursor = page.nextCursor;
      if (!cursor) break;
      await between?.(pageIndex);
    }
    return { rows, total };
  }

  /** The same order from one plain query: what the pages must add up to. */
  async function expectedIds(orderBy: string): Promise<string[]> {
    const result = await t.database.db.execute(
      sql.raw(`select id from applications a where a."lastName" = 'Bulk${tag}' order by ${orderBy}`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
    return rows.map((r) => r.id);
  }

  const SORTS: Record<string, string> = {
    submitted_at: `a."submitted_at"`,
    name: `lower(a."firstName" || ' ' || a."lastName")`,
    email: `lower(a."email")`,
    age: `a."age"`,
    state: `lower(a."state")`,
    marketing: `a."marketing_consent"`,
  };

  it.each(Object.keys(SORTS).flatMap((sort) => [[sort, "asc"], [sort, "desc"]]))(
    "pages sorted by %s %s add up to the whole sorted list, ties broken by id",
    async (sort, dir) => {
      const { rows, total } = await walk(`lastName=Bulk${tag}&sort=${sort}&dir=${dir}`);
      expect(total).toBe(130);
      expect(rows.map((r) => r.id)).toEqual(await expectedIds(`${SORTS[sort]} ${dir}, a.id ${dir}`));
    },
  );

  it("sorts follow the spec's rules: age numerically, text case-insensitively, dates by time", async () => {
    const byAge = (await walk(`lastName=Bulk${tag}&sort=age&dir=asc`)).rows.map((r) => r.age);
    expect(byAge).toEqual(byAge.toSorted((a, b) => a - b));
    const byName = (await walk(`lastName=Bulk${tag}&sort=name&dir=asc`)).rows;
    // Lower-case "anna…" sorts before upper-case "Bella…".
    expect(byName[0]?.firstName.startsWith("anna")).toBe(true);
    expect(byName.at(-1)?.firstName.startsWith("Bella")).toBe(true);
    const byState = (await walk(`lastName=Bulk${tag}&sort=state&dir=asc`)).rows.map((r) => r.state);
    expect(byState[0]).toBe("alaska");
    const byDate = (await walk(`lastName=Bulk${tag}&sort=submitted_at&dir=desc`)).rows.map((r) => Date.parse(r.submitted_at));
    expect(byDate).toEqual(byDate.toSorted((a, b) => b - a));
  });

  it("search finds rows by name, email and phone; filters narrow by state, source, consent and date", async () => {
    const count = async (query: string) => ((await get(`/api/admin/applications?lastName=Bulk${tag}&${query}`)).body as Page<AppRow>).total;
    expect(await count(`q=${encodeURIComponent(`bulk57.${tag}@EXAMPLE.com`)}`)).toBe(1);
    expect(await count("q=555-1042")).toBe(1);
    expect(await count("q=ANNA1")).toBe(await countWhere((_, i) => i % 3 === 0 && String(i).startsWith("1")));
    expect(await count("firstName=bella12")).toBe(await countWhere((r) => r.firstName.toLowerCase().includes("bella12")));
    expect(await count("q=%25")).toBe(0);
    expect(await count("q=_")).toBe(0);
    expect(await count("state=Texas")).toBe(26);
    expect(await count("formSource=tiktok")).toBe(65);
    expect(await count("traffic_source=google_ads")).toBe(await countWhere((_, i) => i % 3 === 1));
    expect(await count("marketing=yes")).toBe(33);
    expect(await count("marketing=no")).toBe(97);
    const from = new Date(BASE + 10 * 60_000).toISOString();
    const to = new Date(BASE + 20 * 60_000).toISOString();
    expect(await count(`from=${from}&to=${to}`)).toBe(30);
    expect(await count("state=Texas&marketing=yes")).toBe(await countWhere((r) => r.state === "Texas" && r.marketing_consent));
  });

  async function countWhere(pred: (row: ReturnType<typeof bulkApplications>[number], i: number) => boolean): Promise<number> {
    return bulkApplications(tag).filter(pred).length;
  }

  it("marks an application whose email applied before as a repeat", async () => {
    const { rows } = await walk(`q=${encodeURIComponent(`bulk5.${tag}`)}&sort=submitted_at&dir=asc`);
    expect(rows.map((r) => r.repeat)).toEqual([false, true]);
  });

  it("stats are aggregates over the filtered rows", async () => {
    const res = await get(`/api/admin/applications/stats?lastName=Bulk${tag}&state=Texas`);
    expect(res.status).toBe(200);
    const texas = bulkApplications(tag).filter((r) => r.state === "Texas");
    const average = texas.reduce((s, r) => s + r.age, 0) / texas.length;
    expect(res.body.total).toBe(26);
    expect(res.body.overall).toBe(130);
    expect(res.body.averageAge).toBe(Math.round(average * 10) / 10);
    expect(res.body.topStates).toEqual([{ label: "Texas", count: 26 }]);
    const all = (await get(`/api/admin/applications/stats?lastName=Bulk${tag}`)).body;
    expect(all.topStates).toHaveLength(5);
    expect(all.topStates.map((s: { count: number }) => s.count)).toEqual([26, 26, 26, 26, 26]);
    expect(all.bySource).toContainEqual({ label: "", count: 43 });
    expect(all.byCampaign).toContainEqual({ label: `camp_${tag}`, count: 26 });
  });

  it("opens one record with every field but fbc/fbp, its same-email applications and its history; the view is audited", async () => {
    const { rows } = await walk(`q=${encodeURIComponent(`bulk5.${tag}`)}&sort=submitted_at&dir=asc`);
    const [first, second] = rows;
    const res = await get(`/api/admin/applications/${second!.id}`, "admin");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.record.id).toBe(second!.id);
    expect(res.body.record).not.toHaveProperty("fbc");
    expect(res.body.record).not.toHaveProperty("fbp");
    expect(res.body.record).toHaveProperty("utm_campaign");
    expect(res.body.sameEmail.map((r: { id: string }) => r.id)).toEqual([first!.id]);
    expect(res.body.history[0]).toMatchObject({ action: "view", target_id: second!.id, actor_username: staff.admin.username });
    expect((await get("/api/admin/applications/not-a-uuid")).status).toBe(400);
    expect((await get("/api/admin/applications/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("refuses bad parameters with 400, never 500", async () => {
    expect((await get("/api/admin/applications?limit=10")).status).toBe(400);
    expect((await get("/api/admin/applications?sort=password")).status).toBe(400);
    expect((await get("/api/admin/applications?cursor=bad!")).status).toBe(400);
    expect((await get("/api/admin/applications?cursor=abc")).status).toBe(400);
    expect((await get("/api/admin/applications?from=yesterday")).status).toBe(400);
    expect((await get("/api/admin/applications?state=a&state=b")).status).toBe(400);
    const first = (await get(`/api/admin/applications?lastName=Bulk${tag}&sort=age`)).body as Page<AppRow>;
    // A cursor of one sort is refused by another.
    expect((await get(`/api/admin/applications?sort=email&cursor=${first.nextCursor}`)).status).toBe(400);
    expect((await get("/api/admin/contact/export?tz=Mars/Olympus")).status).toBe(400);
  });

  it("exports the filtered, sorted rows as a streamed CSV with BOM, spec columns, Yes/No and neutralised formulas", async () => {
    await t.database.db.insert(applications).values({
      ...bulkApplications(tag)[0]!, firstName: "=SUM(A1)", lastName: `Formula${tag}`, phone: "+1 415 555 0101", marketing_consent: false,
      submitted_at: new Date("2026-03-05T20:30:00Z"),
    });
    const res = await get(`/api/admin/applications/export?lastName=Formula${tag}&tz=America/Los_Angeles`, "user").buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="ovella-applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain(`"'=SUM(A1)"`);
    const { headers, records } = csvRecords(text);
    // Every exported catalogue field (core/fields.ts `csv`), the specification's headers among them in their order,
    // then the waitlist position (filled in the waitlist view only, ADR 0087).
    expect(headers).toEqual([...csvColumns(APPLICATION_FIELDS), "Waitlist Position"]);
    expect(keepsInOrder(headers, SPEC_APPLICATION_CSV_HEADERS)).toBe(true);
    expect(records).toHaveLength(1);
    expect(records[0]?.["First Name"]).toBe("'=SUM(A1)");
    expect(records[0]?.Phone).toBe("'+1 415 555 0101");
    expect(records[0]?.["Marketing Consent"]).toBe("No");
    expect(records[0]?.["Submitted Date"]).toBe("Mar 05, 2026 at 12:30 PM");
    const [event] = await t.database.db.execute(sql`select 1`).then(async () =>
      t.database.db.select().from(auditEvents).where(sql`${auditEvents.action} = 'export'`),
    );
    expect(event).toMatchObject({ action: "export", target_type: "applications", actor_username: staff.user.username });
    expect(event?.detail).toMatchObject({ rowCount: 1, completed: true, filters: ["lastName"] });
    expect(JSON.stringify(event?.detail)).not.toContain("Formula");
  });

  it("exports every row in the list's order across batches", async () => {
    const res = await get(`/api/admin/applications/export?lastName=Bulk${tag}&sort=age&dir=desc`);
    const { records } = csvRecords(res.text);
    const listed = (await walk(`lastName=Bulk${tag}&sort=age&dir=desc`)).rows;
    expect(records.map((r) => `${r["First Name"]} ${r.Email}`)).toEqual(listed.map((r) => `${r.firstName} ${r.email}`));
  });

  it("keeps GET /api/applications as the whole array, newest first", async () => {
    const res = await get("/api/applications");
    expect(res.status).toBe(200);
    const rows = res.body as AppRow[];
    expect(rows.length).toBeGreaterThanOrEqual(131);
    const times = rows.map((r) => Date.parse(r.submitted_at));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    expect(rows[0]).not.toHaveProperty("fbc");
    expect(rows[0]).not.toHaveProperty("repeat");
  });

  describe("contact messages", () => {
    beforeAll(async () => {
      const now = Date.now();
      await t.database.db.insert(contactMessages).values(
        ["guarantee", "eligibility", "pricing", "other", "medical"].map((reason, i) => ({
          firstName: i % 2 ? "bianca" : "Dana",
          lastName: `Msg${tag}`,
          email: `msg${i}.${tag}@example.com`,
          phone: null,
          reason,
          subject: i % 2 ? "lower subject" : "Upper Subject",
          message: "A message long enough to be valid.",
          submitted_at: new Date(now - [1, 3, 6, 8, 30][i]! * 86_400_000),
        })),
      );
    });

    it("sorts reasons by their label and pages, filters and counts this week", async () => {
      const res = await get(`/api/admin/contact?lastName=Msg${tag}&sort=reason&dir=asc`);
      expect(res.status).toBe(200);
      expect(res.body.rows.map((r: { reason: string }) => r.reason)).toEqual(["guarantee", "eligibility", "medical", "other", "pricing"]);
      expect(res.body.total).toBe(5);
      expect((await get(`/api/admin/contact?lastName=Msg${tag}&reason=pricing`)).body.total).toBe(1);
      expect((await get(`/api/admin/contact?q=${encodeURIComponent(`msg3.${tag}`)}`)).body.total).toBe(1);
      const stats = (await get(`/api/admin/contact/stats?lastName=Msg${tag}`)).body;
      expect(stats).toMatchObject({ total: 5, thisWeek: 3 });
      const record = await get(`/api/admin/contact/${res.body.rows[0].id}`);
      expect(record.status).toBe(200);
      expect(record.body.record.reason).toBe("guarantee");
      expect(record.body.history[0]).toMatchObject({ action: "view", target_type: "contact_message" });
    });

    it("exports contact messages with reason labels", async () => {
      const res = await get(`/api/admin/contact/export?lastName=Msg${tag}&sort=reason&dir=asc`);
      expect(res.headers["content-disposition"]).toMatch(/ovella-contact-messages-\d{4}-\d{2}-\d{2}\.csv/);
      const { headers, records } = csvRecords(res.text);
      expect(headers).toEqual(csvColumns(CONTACT_FIELDS));
      expect(keepsInOrder(headers, SPEC_CONTACT_CSV_HEADERS)).toBe(true);
      expect(records[0]?.Reason).toBe("Baby Guarantee Information");
    });
  });

  describe("audit log", () => {
    it("lists events newest first, filters by actor, action, target and date, and pages by cursor", async () => {
      const res = await get(`/api/admin/audit?actor=${staff.admin.username.toUpperCase()}&action=view`, "super_admin");
      expect(res.status).toBe(200);
      expect(res.body.total).toBeGreaterThan(0);
      for (const row of res.body.rows) expect(row).toMatchObject({ actor_username: staff.admin.username, action: "view" });
      const target = res.body.rows.find((r: { target_id: string | null }) => r.target_id)?.target_id as string;
      const byTarget = (await get(`/api/admin/audit?target=${target}`, "super_admin")).body;
      expect(byTarget.rows.every((r: { target_id: string }) => r.target_id === target)).toBe(true);
      expect((await get(`/api/admin/audit?from=2000-01-01&to=2000-01-02`, "super_admin")).body.total).toBe(0);
      // Enough events for two pages: every page is newest first and none repeats.
      await t.database.db.insert(auditEvents).values(
        Array.from({ length: 60 }, (_, i) => ({ action: "login_failure", at: new Date(BASE + (i % 20) * 1000) })),
      );
      const first = (await get("/api/admin/audit?limit=50", "super_admin")).body;
      expect(first.nextCursor).toBeTruthy();
      const second = (await get(`/api/admin/audit?limit=50&cursor=${first.nextCursor}`, "super_admin")).body;
      const times = [...first.rows, ...second.rows].map((r: { at: string }) => Date.parse(r.at));
      expect(times).toEqual(times.toSorted((a, b) => b - a));
      const ids = [...first.rows, ...second.rows].map((r: { id: string }) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("exports the audit log as CSV and records that export", async () => {
      const res = await get("/api/admin/audit/export?action=view", "super_admin");
      expect(res.status).toBe(200);
      const { headers, records } = csvRecords(res.text);
      expect(headers).toEqual(["When", "Actor", "Action", "Target Type", "Target", "From", "Detail"]);
      expect(records.every((r) => r.Action === "view")).toBe(true);
      const events = await t.database.db.select().from(auditEvents).where(sql`${auditEvents.target_type} = 'audit_events'`);
      expect(events).toHaveLength(1);
      expect(events[0]?.actor_username).toBe(staff.super_admin.username);
    });
  });

  describe("authorization", () => {
    const staffCalls = [
      "/api/admin/applications",
      "/api/admin/applications/stats",
      "/api/admin/applications/export",
      "/api/admin/applications/00000000-0000-4000-8000-000000000000",
      "/api/admin/contact",
      "/api/admin/contact/stats",
      "/api/admin/contact/export",
      "/api/admin/contact/00000000-0000-4000-8000-000000000000",
    ];
    it.each(staffCalls)("%s needs a session and is open to every staff role", async (path) => {
      expect((await request(t.app).get(path)).status).toBe(401);
      expect((await request(t.app).get(path).set(bearer("not-a-token"))).status).toBe(401);
      for (const role of ["user", "admin", "super_admin"] as const) {
        expect([200, 404]).toContain((await get(path, role)).status);
      }
    });

    it.each(["/api/admin/audit", "/api/admin/audit/export"])("%s is for super admins only", async (path) => {
      expect((await request(t.app).get(path)).status).toBe(401);
      expect((await get(path, "user")).status).toBe(403);
      expect((await get(path, "admin")).status).toBe(403);
      expect((await get(path, "super_admin")).status).toBe(200);
    });
  });

  it.each([
    ["applications", "application_delete"],
    ["contact", "contact_delete"],
  ] as const)("DELETE /api/admin/%s/:id deletes one record for admins, audited; others get 403", async (list, action) => {
    const body =
      list === "applications"
        ? { firstName: "Del", lastName: `Gone${tag}`, email: `gone.${tag}@example.com`, age: 30, state: "Texas", zipCode: "73301", interestLevel: "Just curious", formSource: "apply page" }
        : { firstName: "Del", lastName: `Gone${tag}`, email: `gone.${tag}@example.com`, reason: "other", subject: "Bye", message: "Please delete this one." };
    const [row] =
      list === "applications"
        ? await t.database.db.insert(applications).values(body as typeof applications.$inferInsert).returning({ id: applications.id })
        : await t.database.db.insert(contactMessages).values(body as typeof contactMessages.$inferInsert).returning({ id: contactMessages.id });
    const path = `/api/admin/${list}/${row?.id}`;
    expect((await request(t.app).delete(path)).status).toBe(401);
    expect((await request(t.app).delete(path).set(bearer(staff.user.token))).status).toBe(403);
    expect((await request(t.app).delete(`/api/admin/${list}/not-a-uuid`).set(bearer(staff.admin.token))).status).toBe(400);
    expect((await request(t.app).delete(path).set(bearer(staff.admin.token))).status).toBe(204);
    expect((await get(path)).status).toBe(404);
    expect((await request(t.app).delete(path).set(bearer(staff.admin.token))).status).toBe(404);
    const events = await t.database.db.select().from(auditEvents).where(sql`${auditEvents.target_id} = ${row?.id ?? ""} and ${auditEvents.action} = ${action}`);
    expect(events).toHaveLength(1);
    expect(events[0]?.actor_username).toBe(staff.admin.username);
  });

  it("describes every list parameter in /api/openapi.json, from the same schemas", async () => {
    const res = await request(t.app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const params = res.body.paths["/api/admin/applications"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["sort", "dir", "q", "firstName", "lastName", "state", "formSource", "traffic_source", "marketing", "from", "to", "limit", "cursor"]));
    const sort = res.body.paths["/api/admin/applications"].get.parameters.find((p: { name: string }) => p.name === "sort");
    expect(sort.schema.enum).toEqual(["submitted_at", "name", "email", "position", "age", "state", "marketing", "stage"]);
    expect(res.body.paths["/api/admin/audit"]).toBeDefined();
  });

  it("no row is skipped or repeated while rows are inserted and deleted between pages", async () => {
    await t.database.db.insert(applications).values(bulkApplications(tag).map((r) => ({ ...r, lastName: `Churn${tag}` })));
    const query = `lastName=Churn${tag}&sort=submitted_at&dir=desc`;
    const before = await walk(query);
    expect(before.rows).toHaveLength(130);
    const deleted = new Set<string>();
    const seen = await walk(query, async (pageIndex) => {
      // A newer row (it lands on a page already read) and a row deleted from a page not yet read.
      await t.database.db.insert(applications).values({
        ...bulkApplications(tag)[0]!,
        firstName: `Inserted${pageIndex}`,
        lastName: `Churn${tag}`,
        submitted_at: new Date(BASE + 10 * 86_400_000),
      });
      const victim = before.rows[before.rows.length - 1 - pageIndex];
      if (victim) {
        await t.database.db.execute(sql`delete from applications where id = ${victim.id}`);
        deleted.add(victim.id);
      }
    });
    const ids = seen.rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(deleted.size).toBe(2);
    expect(ids).toEqual(before.rows.map((r) => r.id).filter((id) => !deleted.has(id)));
  });
});
