/**
 * The coordinator and the owner picker (ADR 0089), on both engines: the staff directory a coordinator picks an
 * owner from (active staff, username and role only), the refusal of an owner who is not active staff (one and
 * in bulk), and a coordinator's day: she moves, notes and assigns, and neither deletes nor removes a note.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationNotes, applications, users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, insertUser, type StaffMember } from "../../testing/fixtures";
import { validApplication } from "../../testing/payloads";
import type { Role } from "#core/options";

describe.each(TEST_ENGINES)("coordinators and the owner picker on %s", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;
  let coordinator: { Authorization: string };

  const newApplication = async () => (await request(t.app).post("/api/applications").send(validApplication())).body.id as string;
  const row = async (id: string) => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t, "team");
    coordinator = bearer(staff.coordinator.token);
    await insertUser(t, "team_gone", "admin", undefined, false);
  });
  afterAll(() => t.close());

  it("lists the active staff by username with their roles, nothing else", async () => {
    const res = await request(t.app).get("/api/admin/staff-directory").set(coordinator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { username: "team_admin", role: "admin" },
      { username: "team_coordinator", role: "coordinator" },
      { username: "team_super_admin", role: "super_admin" },
      { username: "team_user", role: "user" },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password|team_gone/);
    expect((await request(t.app).get("/api/admin/staff-directory").set(bearer(staff.user.token))).status).toBe(403);
  });

  it("refuses an owner who is not active staff (400, nothing changed), one at a time and in bulk", async () => {
    const id = await newApplication();
    for (const owner of ["nobody_here", "team_gone"]) {
      const one = await request(t.app).put(`/api/admin/applications/${id}/owner`).set(coordinator).send({ owner });
      expect(one.status).toBe(400);
      expect(one.body.message).toBe(`No active staff member has the username "${owner}": choose one from the staff list, or nobody`);
      expect(one.body.errors.owner).toEqual([one.body.message]);
      const bulk = await request(t.app).post("/api/admin/applications/bulk").set(coordinator).send({ action: "assign_owner", ids: [id], owner });
      expect(bulk.status).toBe(400);
      expect(bulk.body.message).toBe(one.body.message);
      expect((await row(id))?.owner).toBeNull();
    }
    const bulk = await request(t.app).post("/api/admin/applications/bulk").set(coordinator).send({ action: "assign_owner", ids: [id], owner: "TEAM_USER" });
    expect(bulk.status).toBe(200);
    // An owner change sends nothing and has no Undo.
    expect(bulk.body).toEqual({ done: 1, refused: [], undoUntil: null });
    expect((await row(id))?.owner).toBe("team_user");
    const none = await request(t.app).put(`/api/admin/applications/${id}/owner`).set(coordinator).send({ owner: null });
    expect(none.status).toBe(200);
    expect(none.body.owner).toBeNull();
  });

  it("keeps showing an owner deactivated since, and refuses her for a new assignment", async () => {
    const id = await newApplication();
    const memberId = await insertUser(t, "team_leaver", "coordinator");
    await request(t.app).put(`/api/admin/applications/${id}/owner`).set(coordinator).send({ owner: "team_leaver" }).expect(200);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, memberId));
    const detail = await request(t.app).get(`/api/admin/applications/${id}`).set(coordinator);
    expect(detail.status).toBe(200);
    expect(detail.body.owner).toBe("team_leaver");
    const again = await newApplication();
    expect((await request(t.app).put(`/api/admin/applications/${again}/owner`).set(coordinator).send({ owner: "team_leaver" })).status).toBe(400);
  });

  it("lets a coordinator move, note and assign, but not delete the application or remove a note", async () => {
    const id = await newApplication();
    const moved = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(coordinator).send({ to: "reviewing" });
    expect(moved.status).toBe(200);
    expect(moved.body.stage).toBe("reviewing");
    const note = await request(t.app).post(`/api/admin/applications/${id}/notes`).set(coordinator).send({ text: "Called her back" });
    expect(note.status).toBe(201);
    expect(note.body.author).toBe("team_coordinator");
    const owned = await request(t.app).put(`/api/admin/applications/${id}/owner`).set(coordinator).send({ owner: "team_coordinator" });
    expect(owned.body.owner).toBe("team_coordinator");
    expect((await request(t.app).delete(`/api/admin/applications/${id}/notes/${note.body.id}`).set(coordinator)).status).toBe(403);
    expect((await request(t.app).delete(`/api/admin/applications/${id}`).set(coordinator)).status).toBe(403);
    expect(await row(id)).toBeDefined();
    expect(await t.database.db.select().from(applicationNotes).where(eq(applicationNotes.application_id, id))).toHaveLength(1);
  });
});
