/**
 * No date answers a 5xx: a year the database cannot store (year 0000, or one that crosses 9999 in UTC) in a list
 * filter, a webhook replay or a privacy request is the contract's 400 with a message that says which years are taken, on both engines,
 * for the least-privileged role too.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_RANGE_MESSAGE } from "#core/contracts/common";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication } from "../../testing/fixtures";

const OUT_OF_RANGE = ["0000-01-01", "0000-06-15T12:00:00Z", "0000-12-31T23:59:59+01:00", "9999-12-31T23:00:00-14:00"];

describe.each(TEST_ENGINES)("dates out of the database's range answer 400 on %s", (engine) => {
  let t: TestApp;
  let staff: Record<string, StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine, { WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE: "1" });
    staff = await createStaff(t, `dates${Date.now()}`);
    expect((await request(t.app).post("/api/applications").send(validApplication())).status).toBe(201);
  });
  afterAll(() => t.close());

  it.each(["/api/admin/applications", "/api/admin/applications/stats", "/api/admin/applications/export", "/api/admin/contact", "/api/admin/contact/stats", "/api/admin/audit"])(
    "%s with from or to out of range",
    async (path) => {
      const token = path.includes("audit") ? staff.super_admin!.token : staff.user!.token;
      for (const value of OUT_OF_RANGE) {
        for (const field of ["from", "to"]) {
          const res = await request(t.app).get(path).query({ [field]: value }).set(bearer(token));
          expect(res.status, `${field}=${value}: ${res.text}`).toBe(400);
          expect(res.body.errors?.[field]).toEqual([DATE_RANGE_MESSAGE]);
        }
      }
      // Dates inside the range still filter.
      expect((await request(t.app).get(path).query({ from: "0001-01-01", to: "9999-12-31" }).set(bearer(token))).status).toBe(200);
    },
  );

  it("a webhook replay since a date out of range", async () => {
    const admin = bearer(staff.super_admin!.token);
    const created = await request(t.app).post("/api/admin/webhooks").set(admin).send({ url: "http://127.0.0.1:9/hooks", events: ["application.created"] });
    expect(created.status).toBe(201);
    for (const since of ["0000-01-01T00:00:00Z", "9999-12-31T23:00:00-14:00"]) {
      const res = await request(t.app).post(`/api/admin/webhooks/${created.body.id}/replay`).set(admin).send({ since });
      expect(res.status, `${since}: ${res.text}`).toBe(400);
      expect(res.body.errors?.since).toEqual([DATE_RANGE_MESSAGE]);
    }
    const fine = await request(t.app).post(`/api/admin/webhooks/${created.body.id}/replay`).set(admin).send({ since: "2026-11-01T00:00:00Z" });
    expect(fine.status).toBe(200);
  });

  it("a privacy request received on a day out of range", async () => {
    const res = await request(t.app).post("/api/privacy/requests").set(bearer(staff.admin!.token)).send({ email: "someone@example.com", kind: "access", receivedOn: "0000-01-01" });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors?.receivedOn).toEqual([DATE_RANGE_MESSAGE]);
  });
});
