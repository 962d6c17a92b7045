/**
 * The owner of a record hears its answers (issue: staff hear every answer), on both engines: a staff member's work
 * address is set when a super admin creates her or later (audited, validated), and the selection alert of an
 * application she owns goes to her as well as to STAFF_NOTIFY_TO, once, in one email; an owner without an address,
 * or no longer active, is not written to.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { applications, auditEvents, emailOutbox, users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, offerTokenIn, type StaffMember } from "../../testing/fixtures";

const TEAM = "pilot-team@ovella.example";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("the owner hears the answers of her applications (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;

  async function passedApplicant(owner: string | null): Promise<string> {
    const [row] = await t.database.db
      .insert(applications)
      .values({
        firstName: "Noor",
        lastName: "Ownedby",
        email: `noor.${Math.random().toString(36).slice(2)}@example.com`,
        age: 30,
        state: "California",
        zipCode: "94110",
        interestLevel: "Actively researching",
        formSource: "main page",
        stage: "assessment_passed",
        owner,
      })
      .returning({ id: applications.id });
    if (!row) throw new Error("insert failed");
    return row.id;
  }

  async function offerAndDecline(id: string): Promise<string[][]> {
    const offered = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.admin.token)).send({ to: "offered" });
    expect(offered.status).toBe(200);
    const [offer] = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, "place_offer")));
    const token = await offerTokenIn(t, offer?.payload);
    expect((await t.services.pipeline.answerOffer(token, "decline")).state).toBe("declined");
    const alerts = await t.database.db
      .select({ recipients: emailOutbox.recipients })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, "staff_selection_alert")));
    return alerts.map((a) => a.recipients);
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "10", STAFF_NOTIFY_TO: TEAM });
    staff = await createStaff(t, "owners");
  });
  afterAll(async () => {
    await t.close();
  });

  it("takes a work address when a super admin creates a member, and refuses one that is not an address", async () => {
    const created = await request(t.app)
      .post("/api/users")
      .set(bearer(staff.super_admin.token))
      .send({ username: "dana_coord", password: "Quiet-Harbour-Lamp-47", role: "coordinator", email: " Dana.Coord@Clinic.example " });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ username: "dana_coord", email: "dana.coord@clinic.example" });
    const bad = await request(t.app)
      .post("/api/users")
      .set(bearer(staff.super_admin.token))
      .send({ username: "eli_coord", password: "Quiet-Harbour-Lamp-47", role: "coordinator", email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(["Please enter a valid email address"]);
  });

  it("lets super admins alone set or clear it, audited without the address", async () => {
    const id = staff.coordinator.id;
    expect((await request(t.app).put(`/api/users/${id}/email`).set(bearer(staff.admin.token)).send({ email: "x@clinic.example" })).status).toBe(403);
    const set = await request(t.app).put(`/api/users/${id}/email`).set(bearer(staff.super_admin.token)).send({ email: "Coord@Clinic.example" });
    expect(set.status).toBe(200);
    expect(set.body.email).toBe("coord@clinic.example");
    expect((await request(t.app).put(`/api/users/${id}/email`).set(bearer(staff.super_admin.token)).send({ email: "nope" })).status).toBe(400);
    const cleared = await request(t.app).put(`/api/users/${id}/email`).set(bearer(staff.super_admin.token)).send({ email: "" });
    expect(cleared.body.email).toBeNull();
    const audits = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "user_email_change"), eq(auditEvents.target_id, id)));
    expect(audits.map((a) => a.detail)).toEqual([
      { username: staff.coordinator.username, email: "set" },
      { username: staff.coordinator.username, email: "removed" },
    ]);
    const list = await request(t.app).get("/api/users").set(bearer(staff.super_admin.token));
    expect(list.body.find((u: { username: string }) => u.username === "dana_coord").email).toBe("dana.coord@clinic.example");
  });

  it("sends the selection alert to the team and to the owner, in one email", async () => {
    const id = await passedApplicant("dana_coord");
    expect(await offerAndDecline(id)).toEqual([[TEAM, "dana.coord@clinic.example"]]);
  });

  it("writes to the team alone when the owner has no address or is no longer active", async () => {
    expect(await offerAndDecline(await passedApplicant(staff.coordinator.username))).toEqual([[TEAM]]);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.username, "dana_coord"));
    expect(await offerAndDecline(await passedApplicant("dana_coord"))).toEqual([[TEAM]]);
  });
});
