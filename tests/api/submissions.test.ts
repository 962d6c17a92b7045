/** POST/GET/DELETE of applications and contact messages (docs/requirements.md §7). */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, contactMessages } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, insertUser, login, validApplication, validContact, type StaffMember } from "../../testing/fixtures";
import type { Role } from "#core/options";
import { APPLICATION_FIELDS, CONTACT_FIELDS, staffFields } from "#core/fields";
import { keepsInOrder, SPEC_APPLICATION_WIRE_NAMES, SPEC_CONTACT_WIRE_NAMES } from "../../testing/wire-names";

// The staff views carry every catalogue field but the server's own (core/fields.ts); the specification's names among them.
const APPLICATION_WIRE_FIELDS = staffFields(APPLICATION_FIELDS).toSorted();
const CONTACT_WIRE_FIELDS = staffFields(CONTACT_FIELDS).toSorted();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("wire names", () => {
  it("the catalogue keeps every name the specification fixes, in its order", () => {
    expect(keepsInOrder(staffFields(APPLICATION_FIELDS), SPEC_APPLICATION_WIRE_NAMES)).toBe(true);
    expect(keepsInOrder(staffFields(CONTACT_FIELDS), SPEC_CONTACT_WIRE_NAMES)).toBe(true);
  });
});

describe.each(TEST_ENGINES)("submissions on %s", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t);
  });
  afterAll(() => t.close());

  const countApplications = async () => (await t.database.db.select().from(applications)).length;
  const countContacts = async () => (await t.database.db.select().from(contactMessages)).length;

  describe("POST /api/applications", () => {
    it("takes the postcode of the applicant's country as typed, and names the format of a wrong one", async () => {
      const postcodes: Array<[string, string, string]> = [
        ["United Kingdom", "SW1A 1AA", "SW1A"],
        ["Canada", "K1A 0B1", "K1A"],
        ["Germany", "10115", "1011"],
        ["France", "75001", "750"],
        ["Japan", "100-0001", "1000001"],
        ["Netherlands", "1012 AB", "1012"],
        ["Brazil", "01310-100", "013"],
        ["India", "110001", "1100"],
        ["Mexico", "06000", "600"],
        ["Australia", "2000", "200"],
      ];
      for (const [country, good, bad] of postcodes) {
        const email = `postcode.${country.replaceAll(" ", "").toLowerCase()}@example.com`;
        const refused = await request(t.app).post("/api/applications").send(validApplication({ email, state: country, zipCode: bad }));
        expect(refused.status, country).toBe(400);
        expect(refused.body.errors.zipCode[0]).toMatch(new RegExp(`^Postcode must match the ${country} format, for example `));
        const stored = await request(t.app).post("/api/applications").send(validApplication({ email, state: country, zipCode: good }));
        expect(stored.status, `${country} ${JSON.stringify(stored.body)}`).toBe(201);
        const [row] = await t.database.db.select().from(applications).where(eq(applications.id, stored.body.id));
        expect(row).toMatchObject({ state: country, zipCode: good, eligible: false });
        const record = await request(t.app).get(`/api/admin/applications/${stored.body.id}`).set(bearer(staff.user.token));
        expect(record.body.record.zipCode).toBe(good);
      }
      // A US state keeps the specification's rule.
      const zip = await request(t.app).post("/api/applications").send(validApplication({ state: "California", zipCode: "SW1A 1AA" }));
      expect(zip.body.errors).toEqual({ zipCode: ["Zip code must be exactly 5 digits"] });
    });

    it("stores a valid application and answers 201 {id, submitted_at}", async () => {
      const res = await request(t.app).post("/api/applications").send(validApplication({ email: "store@example.com" }));
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).toSorted()).toEqual(["id", "submitted_at"]);
      expect(res.body.id).toMatch(UUID);
      expect(new Date(res.body.submitted_at).toISOString()).toBe(res.body.submitted_at);
      expect(res.headers["cache-control"]).toBe("no-store");
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, res.body.id));
      expect(row).toMatchObject({ email: "store@example.com", age: 31, zipCode: "94110", marketing_consent: true });
    });

    it("stores the first-party attribution fields", async () => {
      const attribution = {
        traffic_source: "google_ads",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "pilot-sf",
        referrer_url: "https://www.google.com/",
        landing_path: "/apply",
        browser_language: "en-US",
        timezone: "America/Los_Angeles",
        event_id: "evt-123",
        tracking_consent: "granted",
      };
      const res = await request(t.app).post("/api/applications").send(validApplication(attribution));
      expect(res.status).toBe(201);
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, res.body.id));
      expect(row).toMatchObject(attribution);
    });

    it("stores plausible fbc/fbp headers and ignores implausible ones", async () => {
      const fbc = "fb.1.1712345678901.IwAR2xYz";
      const fbp = "fb.1.1712345678901.1234567890";
      const good = await request(t.app).post("/api/applications").set("fbc", fbc).set("fbp", fbp).send(validApplication());
      const [stored] = await t.database.db.select().from(applications).where(eq(applications.id, good.body.id));
      expect(stored?.fbc).toBe(fbc);
      expect(stored?.fbp).toBe(fbp);

      const bad = await request(t.app)
        .post("/api/applications")
        .set("fbc", `fb.1.1712345678901.${"a".repeat(600)}`)
        .set("fbp", "<script>alert(1)</script>")
        .send(validApplication());
      expect(bad.status).toBe(201);
      const [ignored] = await t.database.db.select().from(applications).where(eq(applications.id, bad.body.id));
      expect(ignored?.fbc).toBeNull();
      expect(ignored?.fbp).toBeNull();
    });

    it("answers 400 with the spec's messages per field and stores nothing", async () => {
      const before = await countApplications();
      const res = await request(t.app)
        .post("/api/applications")
        .send({ firstName: "A", email: "nope", age: 17, zipCode: "123a5", interestLevel: "Other", formSource: "main page" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors).toMatchObject({
        firstName: ["First name must be at least 2 characters"],
        lastName: ["Last name is required"],
        email: ["Please enter a valid email address"],
        age: ["Must be at least 18 years old"],
        state: ["Please select a state"],
        zipCode: ["Zip code must contain only numbers"],
      });
      const other = await request(t.app).post("/api/applications").send(validApplication({ interestLevel: "Other" }));
      expect(other.status).toBe(400);
      expect(other.body.errors).toEqual({ interestLevelOther: ["Please specify your interest level"] });
      expect(await countApplications()).toBe(before);
    });

    it("ignores unknown fields and never lets the request set id, timestamps or fbc", async () => {
      const forcedId = "11111111-1111-4111-8111-111111111111";
      const res = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ id: forcedId, submitted_at: "2001-01-01T00:00:00.000Z", fbc: "fb.1.1712345678901.x", role: "super_admin", isAdmin: true }));
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(forcedId);
      expect(res.body.submitted_at.startsWith("2001")).toBe(false);
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, res.body.id));
      expect(row?.fbc).toBeNull();
      expect(row).not.toHaveProperty("role");
      expect(await t.database.db.select().from(applications).where(eq(applications.id, forcedId))).toHaveLength(0);
    });

    it("answers a filled honeypot exactly like a success and stores nothing", async () => {
      const before = await countApplications();
      const res = await request(t.app).post("/api/applications").send(validApplication({ website: "http://spam.example" }));
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).toSorted()).toEqual(["id", "submitted_at"]);
      expect(res.body.id).toMatch(UUID);
      expect(await countApplications()).toBe(before);
      expect(await t.database.db.select().from(applications).where(eq(applications.id, res.body.id))).toHaveLength(0);
    });

    it("accepts an empty honeypot", async () => {
      const before = await countApplications();
      const res = await request(t.app).post("/api/applications").send(validApplication({ website: "" }));
      expect(res.status).toBe(201);
      expect(await countApplications()).toBe(before + 1);
    });
  });

  describe("POST /api/contact", () => {
    it("stores a valid message and answers 201 {id}", async () => {
      const res = await request(t.app).post("/api/contact").send(validContact({ subject: "Stored subject" }));
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(["id"]);
      const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
      expect(row).toMatchObject({ subject: "Stored subject", reason: "eligibility" });
    });

    it("answers 400 with the spec's messages and stores nothing", async () => {
      const before = await countContacts();
      const res = await request(t.app).post("/api/contact").send({ email: "x", message: "short" });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        firstName: ["First name is required"],
        lastName: ["Last name is required"],
        email: ["Please enter a valid email address"],
        reason: ["Please select a reason for contacting us"],
        subject: ["Subject is required"],
        message: ["Message must be at least 10 characters long"],
      });
      expect(await countContacts()).toBe(before);
    });

    it("ignores unknown fields and a forced id or timestamp", async () => {
      const forcedId = "22222222-2222-4222-8222-222222222222";
      const res = await request(t.app)
        .post("/api/contact")
        .send(validContact({ id: forcedId, submitted_at: "2001-01-01T00:00:00.000Z", extra: "x" }));
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(forcedId);
      const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
      expect(row?.submitted_at.getUTCFullYear()).not.toBe(2001);
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const before = await countContacts();
      const res = await request(t.app).post("/api/contact").send(validContact({ website: "bot" }));
      expect(res.status).toBe(201);
      expect(res.body.id).toMatch(UUID);
      expect(await countContacts()).toBe(before);
    });
  });

  describe("GET lists", () => {
    it("answers an empty JSON array when there is nothing yet", async () => {
      const fresh = await createTestApp(engine);
      try {
        await insertUser(fresh, "empty_lister", "user");
        const token = await login(fresh, "empty_lister");
        for (const path of ["/api/applications", "/api/contact"]) {
          const res = await request(fresh.app).get(path).set(bearer(token));
          expect(res.status).toBe(200);
          expect(res.headers["content-type"]).toMatch(/application\/json/);
          expect(res.body).toEqual([]);
        }
      } finally {
        await fresh.close();
      }
    });

    it("lists applications newest first with the spec's wire names and never fbc/fbp", async () => {
      const first = await request(t.app).post("/api/applications").send(validApplication({ firstName: "Older" }));
      const second = await request(t.app).post("/api/applications").send(validApplication({ firstName: "Newer" }));
      const res = await request(t.app).get("/api/applications").set(bearer(staff.user.token));
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const list = res.body as Record<string, unknown>[];
      expect(Object.keys(list[0] ?? {}).toSorted()).toEqual(APPLICATION_WIRE_FIELDS);
      expect(JSON.stringify(list)).not.toMatch(/"fbc"|"fbp"/);
      expect(list[0]?.id).toBe(second.body.id);
      expect(list[1]?.id).toBe(first.body.id);
      const times = list.map((a) => Date.parse(String(a.submitted_at)));
      expect(times.toSorted((a, b) => b - a)).toEqual(times);
    });

    it("lists values with their JSON types: ISO 8601 UTC timestamps, numbers, booleans and nulls", async () => {
      const created = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ firstName: "Typed", age: 31, marketing_consent: true, phone: "" }));
      const res = await request(t.app).get("/api/applications").set(bearer(staff.user.token));
      const row = (res.body as Record<string, unknown>[]).find((a) => a.id === created.body.id);
      expect(row).toMatchObject({ firstName: "Typed", age: 31, marketing_consent: true, phone: null });
      expect(row?.submitted_at).toBe(created.body.submitted_at);
      expect(new Date(String(row?.submitted_at)).toISOString()).toBe(row?.submitted_at);
    });

    it("records every list view in the audit log with who looked, and from where", async () => {
      for (const [path, targetType] of [["/api/applications", "applications"], ["/api/contact", "contact_messages"]] as const) {
        const before = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_type, targetType));
        const res = await request(t.app).get(path).set(bearer(staff.admin.token));
        expect(res.status).toBe(200);
        const after = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_type, targetType));
        const added = after.filter((e) => !before.some((b) => b.id === e.id));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatchObject({ action: "view", actor_id: staff.admin.id, actor_username: staff.admin.username });
        expect(added[0]?.client_address).toBeTruthy();
      }
    });

    it("lists contact messages newest first with the spec's wire names", async () => {
      const first = await request(t.app).post("/api/contact").send(validContact({ subject: "Older" }));
      const second = await request(t.app).post("/api/contact").send(validContact({ subject: "Newer" }));
      const res = await request(t.app).get("/api/contact").set(bearer(staff.admin.token));
      expect(res.status).toBe(200);
      const list = res.body as Record<string, unknown>[];
      expect(Object.keys(list[0] ?? {}).toSorted()).toEqual(CONTACT_WIRE_FIELDS);
      expect(list[0]?.id).toBe(second.body.id);
      expect(list[1]?.id).toBe(first.body.id);
    });
  });

  describe("DELETE", () => {
    it("deletes an application (204), then 404, and audits it", async () => {
      const created = await request(t.app).post("/api/applications").send(validApplication());
      const res = await request(t.app).delete(`/api/applications/${created.body.id}`).set(bearer(staff.admin.token));
      expect(res.status).toBe(204);
      expect(await t.database.db.select().from(applications).where(eq(applications.id, created.body.id))).toHaveLength(0);
      const again = await request(t.app).delete(`/api/applications/${created.body.id}`).set(bearer(staff.admin.token));
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: "Application not found" });
      const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_id, created.body.id));
      expect(event).toMatchObject({ action: "application_delete", actor_id: staff.admin.id, actor_username: staff.admin.username, target_type: "application" });
      expect(event?.client_address).toBeTruthy();
    });

    it("deletes a contact message (204), then 404, and audits it", async () => {
      const created = await request(t.app).post("/api/contact").send(validContact());
      const res = await request(t.app).delete(`/api/contact/${created.body.id}`).set(bearer(staff.super_admin.token));
      expect(res.status).toBe(204);
      const again = await request(t.app).delete(`/api/contact/${created.body.id}`).set(bearer(staff.super_admin.token));
      expect(again.status).toBe(404);
      const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_id, created.body.id));
      expect(event).toMatchObject({ action: "contact_delete", actor_id: staff.super_admin.id, target_type: "contact_message" });
    });

    it("answers 400 for an id that is not a uuid", async () => {
      for (const path of ["/api/applications/not-a-uuid", "/api/contact/123", "/api/applications/'%20or%201=1"]) {
        const res = await request(t.app).delete(path).set(bearer(staff.admin.token));
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe("string");
      }
    });

    it("answers 404 for an unknown uuid", async () => {
      const res = await request(t.app).delete("/api/contact/33333333-3333-4333-8333-333333333333").set(bearer(staff.admin.token));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Contact message not found" });
    });
  });

});
