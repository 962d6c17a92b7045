/**
 * The waitlist tells the truth (ADR 0087), on both engines: positions rank only the women who can be
 * offered a place (waitlisted and eligible); a woman kept informed without meeting the criteria is never
 * given a number; a number she was told only gets smaller, and when it grows she is told the new one; the
 * notice says the places are taken only when they are; the ranked waitlist is a view of the applications
 * list, sorted by position and exported with it; and every applicant hears the outcome: a letter when she
 * is not eligible or withdrawn by staff, without a form answer.
 */
import { and, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { applications, emailOutbox } from "../../server/db/schema";
import { type OutboxKind, renderEmail } from "../../server/services/mail-templates";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, recordReview, type StaffMember } from "../../testing/fixtures";
import { csvRecords } from "../../testing/wire-names";

const SITE = { siteUrl: "https://ovella.example" };
/** The emails that tell a woman where she is on the waitlist. */
const NUMBER_KINDS = ["waitlist_notice", "waitlist_update", "offer_expired"];

/** An outbox row as the applicant reads it: subject and plain text. */
async function textOf(row: { kind: string; payload: unknown }): Promise<string> {
  const rendered = await renderEmail(row.kind as OutboxKind, row.payload as never, SITE);
  return `${rendered.subject}\n${rendered.text}`;
}

describe.each(TEST_ENGINES)("the waitlist tells the truth (%s)", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "2", STAFF_NOTIFY_TO: "team@ovella.example" });
    staff = await createStaff(t, "wl");
  });
  afterAll(() => t.close());

  /** An application stored straight into a stage (eligible, in San Francisco, unless told otherwise). */
  async function applicant(stage: string, overrides: Partial<typeof applications.$inferInsert> = {}): Promise<string> {
    serial++;
    const [row] = await t.database.db
      .insert(applications)
      .values({
        firstName: `Lena${serial}`,
        lastName: "Waitlist",
        email: `lena${serial}@example.com`,
        age: 30,
        state: "California",
        zipCode: "94110",
        phone: "415-555-0199",
        interestLevel: "Actively researching",
        formSource: "main page",
        submitted_at: new Date(Date.UTC(2026, 0, 1) + serial * 60_000),
        stage,
        ...overrides,
      })
      .returning({ id: applications.id });
    if (!row) throw new Error("insert failed");
    return row.id;
  }

  const move = (id: string, to: string, reason?: string) =>
    request(t.app)
      .post(`/api/admin/applications/${id}/stage`)
      .set(bearer(staff.admin.token))
      .send(reason ? { to, reason } : { to });
  const reorder = (id: string, direction: "up" | "down") =>
    request(t.app).post(`/api/admin/applications/${id}/waitlist-move`).set(bearer(staff.super_admin.token)).send({ direction }).expect(200);
  const positionOf = async (id: string) =>
    (await request(t.app).get(`/api/admin/applications/${id}`).set(bearer(staff.user.token)).expect(200)).body.waitlistPosition as number | null;
  const stageOf = async (id: string) => (await t.database.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, id)))[0]?.stage;
  const emailsOf = (id: string, kinds?: string[]) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(kinds ? and(eq(emailOutbox.application_id, id), inArray(emailOutbox.kind, kinds)) : eq(emailOutbox.application_id, id))
      .orderBy(emailOutbox.created_at, emailOutbox.id);
  /** Everyone on the waitlist gives her place back, so each test starts with an empty list. */
  async function clearWaitlist() {
    const rows = await t.database.db.select({ id: applications.id }).from(applications).where(inArray(applications.stage, ["waitlisted", "offered", "enrolled"]));
    for (const { id } of rows) await move(id, "withdrawn").expect(200);
  }

  it("ranks only the women who can be offered a place: the ineligible one kept informed gets no number", async () => {
    await clearWaitlist();
    // The coordinator's case: a 38-year-old waitlisted by staff with a reason, then an eligible woman behind her.
    const older = await applicant("reviewing", { age: 38 });
    await move(older, "waitlisted", "Keep her informed; the clinic may widen the age range").expect(200);
    const eligible = await applicant("reviewing");
    await move(eligible, "waitlisted").expect(200);

    const [olderNotice] = await emailsOf(older, ["waitlist_notice"]);
    expect(olderNotice?.payload).toMatchObject({ position: null });
    const olderText = await textOf(olderNotice!);
    expect(olderText).not.toMatch(/number \d/);
    expect(olderText).toContain("we will keep you informed");
    const [eligibleNotice] = await emailsOf(eligible, ["waitlist_notice"]);
    expect(eligibleNotice?.payload).toMatchObject({ position: 1 });
    expect(await textOf(eligibleNotice!)).toContain("number 1");
    expect(await positionOf(older)).toBeNull();
    expect(await positionOf(eligible)).toBe(1);
  });

  it("says the places are taken only when they are: at 0 of 2 it says why she waits, at 2 of 2 that they are taken", async () => {
    await clearWaitlist();
    const early = await applicant("assessment_passed");
    await move(early, "waitlisted").expect(200);
    const [open] = await emailsOf(early, ["waitlist_notice"]);
    expect(open?.payload).toMatchObject({ placesFull: false, position: 1 });
    const openText = await textOf(open!);
    expect(openText).toContain("Not every place in the pilot is taken");
    expect(openText).not.toMatch(/taken or offered for now/);

    for (const id of [await applicant("assessment_passed"), await applicant("assessment_passed")]) await move(id, "offered").expect(200);
    const late = await applicant("assessment_passed");
    await move(late, "waitlisted").expect(200);
    const [full] = await emailsOf(late, ["waitlist_notice"]);
    expect(full?.payload).toMatchObject({ placesFull: true, position: 2 });
    expect(await textOf(full!)).toContain("Every place in the pilot is taken or offered for now.");
  });

  it("keeps every number told true across a sequence of moves, telling only the woman whose number grew", async () => {
    await clearWaitlist();
    const [a, b, x, c, d] = [await applicant("reviewing"), await applicant("reviewing"), await applicant("reviewing", { age: 40 }), await applicant("reviewing"), await applicant("reviewing")];
    for (const id of [a, b]) await move(id, "waitlisted").expect(200);
    await move(x, "waitlisted", "Staff keep her informed").expect(200);
    for (const id of [c, d]) await move(id, "waitlisted").expect(200);
    const told = async (id: string) => (await emailsOf(id, NUMBER_KINDS)).at(-1)?.payload.position ?? null;
    expect([await told(a), await told(b), await told(x), await told(c), await told(d)]).toEqual([1, 2, null, 3, 4]);

    // A late applicant waitlisted now goes to the end: nobody already told is pushed back.
    const e = await applicant("assessment_passed", { submitted_at: new Date(Date.UTC(2020, 0, 1)) });
    await move(e, "waitlisted").expect(200);
    expect(await positionOf(e)).toBe(5);
    expect(await positionOf(a)).toBe(1);

    // Staff move D up past C: C's number grew, so she alone is told her new one.
    await reorder(d, "up");
    const updates = async () =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "waitlist_update"))).map((u) => [u.application_id, u.payload.position]);
    expect(await updates()).toEqual([[c, 4]]);
    expect(await textOf((await emailsOf(c, ["waitlist_update"]))[0]!)).toContain("you are now number 4");
    // D moved up again trades places with B over the ineligible woman (who has no number): B is told.
    await reorder(d, "up");
    expect(await updates()).toEqual([[c, 4], [b, 3]]);
    expect([await positionOf(a), await positionOf(d), await positionOf(x), await positionOf(b), await positionOf(c)]).toEqual([1, 2, null, 3, 4]);

    // Places offered and given back: numbers only get smaller, so nobody behind is written to (no flood).
    const offered = await applicant("assessment_passed");
    await move(offered, "offered").expect(200);
    await move(a, "offered").expect(200);
    await move(offered, "withdrawn").expect(200); // the freed place goes to the next eligible (D)
    expect(await stageOf(d)).toBe("offered");
    await move(e, "withdrawn").expect(200);
    expect(await updates()).toEqual([[c, 4], [b, 3]]);

    // Every woman still waiting: the number she was told last is her position or more (it only got smaller), the
    // ineligible one was never told a number, and the record page agrees with the ranking.
    const waiting = await t.database.db.select({ id: applications.id, eligible: applications.eligible }).from(applications).where(eq(applications.stage, "waitlisted"));
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    for (const woman of waiting) {
      const position = await positionOf(woman.id);
      const last = await told(woman.id);
      if (!woman.eligible) {
        expect(position).toBeNull();
        for (const row of await emailsOf(woman.id, NUMBER_KINDS)) expect(row.payload.position).toBeNull();
      } else {
        expect(position).not.toBeNull();
        expect(last).not.toBeNull();
        expect(Number(last)).toBeGreaterThanOrEqual(Number(position));
      }
    }
    expect([await positionOf(b), await positionOf(c)]).toEqual([1, 2]);

    // X's age was mistyped: corrected, she meets the criteria and joins the ranking at its end, behind C.
    await request(t.app).post(`/api/privacy/applications/${x}/correction`).set(bearer(staff.admin.token)).send({ age: 31 }).expect(200);
    expect([await positionOf(b), await positionOf(c), await positionOf(x)]).toEqual([1, 2, 3]);
  });

  it("shows the ranked waitlist as a view of the applications list, sorted by position, and exports the position", async () => {
    await clearWaitlist();
    const first = await applicant("reviewing");
    await move(first, "waitlisted").expect(200);
    const ineligible = await applicant("reviewing", { state: "Texas", zipCode: "73301" });
    await move(ineligible, "waitlisted", "Moving to San Francisco in March").expect(200);
    const second = await applicant("reviewing");
    await move(second, "waitlisted").expect(200);
    const notWaiting = await applicant("reviewing");

    const page = await request(t.app).get("/api/admin/applications?view=waitlist&sort=position&dir=asc").set(bearer(staff.user.token)).expect(200);
    const rows = page.body.rows as { id: string; stage: string; waitlistPosition: number | null }[];
    expect(rows.map((r) => [r.id, r.waitlistPosition])).toEqual([
      [first, 1],
      [second, 2],
      [ineligible, null],
    ]);
    expect(page.body.total).toBe(3);
    const backwards = await request(t.app).get("/api/admin/applications?view=waitlist&sort=position&dir=desc").set(bearer(staff.user.token)).expect(200);
    expect(backwards.body.rows.map((r: { id: string }) => r.id)).toEqual([ineligible, second, first]);
    const stats = await request(t.app).get("/api/admin/applications/stats?view=waitlist").set(bearer(staff.user.token)).expect(200);
    expect(stats.body.total).toBe(3);
    expect(stats.body.overall).toBeGreaterThan(3);

    // Outside the view nobody gets a position (it is never counted row by row over the whole list).
    const plain = await request(t.app).get(`/api/admin/applications?q=${encodeURIComponent("@example.com")}&limit=100`).set(bearer(staff.user.token)).expect(200);
    expect(plain.body.rows.find((r: { id: string }) => r.id === notWaiting)).toMatchObject({ waitlistPosition: null });
    expect(plain.body.rows.find((r: { id: string }) => r.id === first)).toMatchObject({ waitlistPosition: null });

    const csv = await request(t.app)
      .get("/api/admin/applications/export?view=waitlist&sort=position&dir=asc&tz=UTC")
      .set(bearer(staff.user.token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const { headers, records } = csvRecords((csv.body as Buffer).toString("utf8"));
    expect(headers.at(-1)).toBe("Waitlist Position");
    expect(records.map((r) => [r.Email, r["Waitlist Position"]])).toEqual([
      [`lena${serial - 3}@example.com`, "1"],
      [`lena${serial - 1}@example.com`, "2"],
      [`lena${serial - 2}@example.com`, ""],
    ]);
  });

  it("writes to every woman not selected: a not-eligible letter that says where the pilot runs, and a withdrawal letter", async () => {
    const texan = await applicant("reviewing", { state: "Texas", zipCode: "73301", marketing_consent: true });
    const texanNoConsent = await applicant("reviewing", { state: "Texas", zipCode: "73301", marketing_consent: false });
    const sacramento = await applicant("assessment_invited", { zipCode: "95814", marketing_consent: true });
    const older = await applicant("reviewing", { age: 37, marketing_consent: true });
    await recordReview(t, staff.admin.token, sacramento, "not_eligible");
    for (const id of [texan, texanNoConsent, sacramento, older]) await move(id, "not_eligible").expect(200);

    const letter = async (id: string) => {
      const rows = await emailsOf(id);
      expect(rows.map((r) => r.kind)).toEqual(["not_eligible_notice"]);
      return { payload: rows[0]!.payload, text: await textOf(rows[0]!) };
    };
    const first = await letter(texan);
    expect(first.payload).toEqual({ firstName: expect.any(String), outside: "region", newCityNews: true });
    expect(first.text).toContain("The pilot runs only in California for now");
    expect(first.text).toContain("We will write if we open in a new city.");
    const second = await letter(texanNoConsent);
    expect(second.payload).toMatchObject({ outside: "region", newCityNews: false });
    expect(second.text).toContain("California for now");
    expect(second.text).not.toContain("new city");
    const third = await letter(sacramento);
    expect(third.payload).toMatchObject({ outside: "cities", newCityNews: true });
    expect(third.text).toContain("only around San Francisco and Los Angeles for now");
    const fourth = await letter(older);
    expect(fourth.payload).toMatchObject({ outside: null, newCityNews: false });
    expect(fourth.text).toContain("meet all of its criteria");
    expect(fourth.text).not.toContain("new city");

    // Withdrawn by staff, from any open stage: a letter, and the place she held goes on.
    const leaving = await applicant("reviewing");
    await move(leaving, "withdrawn").expect(200);
    const [goodbye] = await emailsOf(leaving);
    expect(goodbye?.kind).toBe("withdrawal_notice");
    expect(goodbye?.payload).toEqual({ firstName: expect.any(String) });
    expect(await textOf(goodbye!)).toContain("We have withdrawn your application");

    // No letter repeats a form answer: age, state, ZIP code, phone, interest.
    for (const id of [texan, texanNoConsent, sacramento, older, leaving]) {
      for (const row of await emailsOf(id)) {
        const whole = `${JSON.stringify(row.payload)}\n${await textOf(row)}`;
        for (const answer of ["Texas", "73301", "95814", "94110", "37", "415-555-0199", "researching"]) expect(whole).not.toContain(answer);
      }
    }
  });
});
