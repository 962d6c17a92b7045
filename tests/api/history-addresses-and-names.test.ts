/**
 * Record history shows staff members' network addresses to super admins only (the API sends null to
 * every other role), and names with bidi, zero-width or control characters are refused by the API with
 * the forms' message.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_CONTROL_MESSAGE } from "#core/validation";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication, validContact } from "../../testing/fixtures";

describe.each(TEST_ENGINES)("history addresses and names on %s", (engine) => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;
  let applicationId: string;
  let contactId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: "1" });
    staff = await createStaff(t, "hist");
    applicationId = (await request(t.app).post("/api/applications").send(validApplication())).body.id;
    contactId = (await request(t.app).post("/api/contact").send(validContact())).body.id;
    // Views from a known address, so the history has one to show or hide.
    for (const member of Object.values(staff)) {
      await request(t.app).get(`/api/admin/applications/${applicationId}`).set("X-Forwarded-For", "198.51.100.23").set(bearer(member.token));
      await request(t.app).get(`/api/admin/contact/${contactId}`).set("X-Forwarded-For", "198.51.100.23").set(bearer(member.token));
    }
  });
  afterAll(() => t.close());

  it.each([
    ["user", false],
    ["admin", false],
    ["super_admin", true],
  ] as const)("a %s sees addresses in a record's history: %s", async (role, sees) => {
    for (const path of [`/api/admin/applications/${applicationId}`, `/api/admin/contact/${contactId}`]) {
      const res = await request(t.app).get(path).set(bearer(staff[role].token));
      expect(res.status).toBe(200);
      const history = res.body.history as { client_address: string | null }[];
      expect(history.length).toBeGreaterThanOrEqual(3);
      if (sees) expect(history.some((event) => event.client_address === "198.51.100.23")).toBe(true);
      else {
        expect(history.every((event) => event.client_address === null)).toBe(true);
        expect(res.text).not.toContain("198.51.100.23");
      }
    }
  });

  it.each([
    ["/api/applications", validApplication, "firstName", "Maya\u202Egnp.exe"],
    ["/api/applications", validApplication, "lastName", "Lind\u200Bqvist"],
    ["/api/contact", validContact, "firstName", "\u2067Priya\u2069"],
    ["/api/contact", validContact, "lastName", "Ra\u200Dman"],
  ] as const)("POST %s refuses a %s with a hidden control character (400, the forms' message)", async (path, payload, field, value) => {
    const res = await request(t.app).post(path).send(payload({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([NAME_CONTROL_MESSAGE]);
  });

  it("refuses a correction that would put one in a name", async () => {
    const res = await request(t.app)
      .post(`/api/privacy/applications/${applicationId}/correction`)
      .set(bearer(staff.admin.token))
      .send({ firstName: "Ma\u202Eya" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ firstName: [NAME_CONTROL_MESSAGE] });
  });
});
