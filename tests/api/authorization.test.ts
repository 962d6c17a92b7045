/**
 * The authorization matrix: every protected call × no token, a bad token, and each role (the coordinator of
 * ADR 0089 included: every route family, the selection allowed, nothing destructive, no staff or system screens).
 * Allowed cells must succeed; denied cells must answer 401/403 and change nothing.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { apiKeys, applicationNotes, applicationOffers, applications, contactMessages, emailOutbox, users, webhookEndpoints } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES, type TestEngine } from "../../testing/database";
import { bearer, createStaff, insertUser, login, validApplication, validContact, type StaffMember } from "../../testing/fixtures";

type Caller = "none" | "bad" | Role;
const CALLERS: Caller[] = ["none", "bad", "user", "coordinator", "admin", "super_admin"];

interface Call {
  name: string;
  allowed: Role[];
  success: number;
  /** The engines the call succeeds on (default: both). */
  engines?: TestEngine[];
  /** Builds the request for one cell and returns a check that the call had (or had not) its effect. */
  run: (t: TestApp, headers: Record<string, string>) => Promise<{ res: request.Response; happened: () => Promise<boolean> }>;
}

const VIEW: Role[] = ["user", "coordinator", "admin", "super_admin"];
/** Acting on the selection: moves, bulk actions, adding notes, owners, offers. */
const SELECTION: Role[] = ["coordinator", "admin", "super_admin"];
const DELETE: Role[] = ["admin", "super_admin"];
const SUPER: Role[] = ["super_admin"];
const unique = () => randomBytes(4).toString("hex");

const noEffect = async () => false;

/** The matrix app's BACKUP_DIR: "Back up now" happened when a file was added. */
const BACKUP_DIR = mkdtempSync(path.join(tmpdir(), "ovella-matrix-backups-"));
const backupCount = () => (existsSync(path.join(BACKUP_DIR, "pglite")) ? readdirSync(path.join(BACKUP_DIR, "pglite")).length : 0);
/** A stored application's id (through the public form, as a visitor sends it). */
const newApplication = async (t: TestApp) => (await request(t.app).post("/api/applications").send(validApplication())).body.id as string;
const stageOf = async (t: TestApp, id: string) => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]?.stage;
/** The matrix's super admin, who prepares what a cell acts on (an open offer). */
let superToken = "";
/** An application with an open offer: passed the assessment, then offered by a super admin. */
async function offeredApplication(t: TestApp): Promise<string> {
  const id = await newApplication(t);
  await t.database.db.update(applications).set({ stage: "assessment_passed" }).where(eq(applications.id, id));
  const res = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(superToken)).send({ to: "offered" });
  if (res.status !== 200) throw new Error(`offer answered ${res.status}: ${res.text}`);
  return id;
}
const offerEmails = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.application_id, id))).filter((e) => e.kind === "place_offer").length;

const CALLS: Call[] = [
  {
    name: "GET /api/applications",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/applications").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/contact",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/contact").set(h), happened: noEffect }),
  },
  {
    name: "DELETE /api/applications/:id",
    allowed: DELETE,
    success: 204,
    run: async (t, h) => {
      const id = (await request(t.app).post("/api/applications").send(validApplication())).body.id as string;
      const res = await request(t.app).delete(`/api/applications/${id}`).set(h);
      return {
        res,
        happened: async () => (await t.database.db.select().from(applications).where(eq(applications.id, id))).length === 0,
      };
    },
  },
  {
    name: "DELETE /api/contact/:id",
    allowed: DELETE,
    success: 204,
    run: async (t, h) => {
      const id = (await request(t.app).post("/api/contact").send(validContact())).body.id as string;
      const res = await request(t.app).delete(`/api/contact/${id}`).set(h);
      return {
        res,
        happened: async () => (await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))).length === 0,
      };
    },
  },
  {
    name: "GET /api/users",
    allowed: SUPER,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/users").set(h), happened: noEffect }),
  },
  {
    name: "POST /api/users",
    allowed: SUPER,
    success: 201,
    run: async (t, h) => {
      const username = `m_${unique()}`;
      const res = await request(t.app).post("/api/users").set(h).send({ username, password: "Matrix-Grid-77", role: "super_admin" });
      return {
        res,
        happened: async () => (await t.database.db.select().from(users).where(eq(users.username, username))).length > 0,
      };
    },
  },
  {
    name: "PUT /api/users/:id/password",
    allowed: SUPER,
    success: 204,
    run: async (t, h) => {
      const [before] = await t.database.db.select().from(users).where(eq(users.username, "matrix_target"));
      const res = await request(t.app).put(`/api/users/${before?.id}/password`).set(h).send({ newPassword: `Matrix-${unique()}-Grid-9A` });
      return {
        res,
        happened: async () => {
          const [after] = await t.database.db.select().from(users).where(eq(users.username, "matrix_target"));
          return after?.password !== before?.password;
        },
      };
    },
  },
  {
    name: "DELETE /api/users/:id",
    allowed: SUPER,
    success: 204,
    run: async (t, h) => {
      const [victim] = await t.database.db.select().from(users).where(eq(users.username, "matrix_victim"));
      let id = victim?.id;
      if (!id) id = await insertUser(t, "matrix_victim", "user");
      const res = await request(t.app).delete(`/api/users/${id}`).set(h);
      return {
        res,
        happened: async () => (await t.database.db.select().from(users).where(eq(users.id, id))).length === 0,
      };
    },
  },
  // The pilot's selection: staff read, coordinators and admins act on it, only admins remove a note.
  {
    name: "GET /api/admin/pipeline",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/pipeline").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/admin/pipeline/funnel",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/pipeline/funnel?by=utm_campaign&days=30").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/admin/pipeline/stuck",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/pipeline/stuck").set(h), happened: noEffect }),
  },
  {
    name: "POST /api/admin/applications/:id/stage",
    allowed: SELECTION,
    success: 200,
    run: async (t, h) => {
      const id = await newApplication(t);
      const res = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(h).send({ to: "reviewing" });
      return { res, happened: async () => (await stageOf(t, id)) === "reviewing" };
    },
  },
  {
    name: "POST /api/admin/applications/bulk",
    allowed: SELECTION,
    success: 200,
    run: async (t, h) => {
      const id = await newApplication(t);
      const res = await request(t.app).post("/api/admin/applications/bulk").set(h).send({ action: "assign_owner", ids: [id], owner: "matrix_target" });
      return { res, happened: async () => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]?.owner === "matrix_target" };
    },
  },
  {
    name: "GET /api/admin/applications/:id/notes",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get(`/api/admin/applications/${await newApplication(t)}/notes`).set(h), happened: noEffect }),
  },
  {
    name: "POST /api/admin/applications/:id/notes",
    allowed: SELECTION,
    success: 201,
    run: async (t, h) => {
      const id = await newApplication(t);
      const res = await request(t.app).post(`/api/admin/applications/${id}/notes`).set(h).send({ text: "Matrix note" });
      return { res, happened: async () => (await t.database.db.select().from(applicationNotes).where(eq(applicationNotes.application_id, id))).length > 0 };
    },
  },
  {
    name: "DELETE /api/admin/applications/:id/notes/:noteId",
    allowed: DELETE,
    success: 204,
    run: async (t, h) => {
      const id = await newApplication(t);
      const [note] = await t.database.db.insert(applicationNotes).values({ application_id: id, text: "Matrix note" }).returning();
      const res = await request(t.app).delete(`/api/admin/applications/${id}/notes/${note?.id}`).set(h);
      return { res, happened: async () => (await t.database.db.select().from(applicationNotes).where(eq(applicationNotes.application_id, id))).length === 0 };
    },
  },
  {
    name: "POST /api/admin/applications/:id/waitlist-move",
    allowed: SUPER,
    success: 200,
    run: async (t, h) => {
      const id = await newApplication(t);
      await t.database.db.update(applications).set({ stage: "waitlisted", waitlist_rank: 1 }).where(eq(applications.id, id));
      const res = await request(t.app).post(`/api/admin/applications/${id}/waitlist-move`).set(h).send({ direction: "down" });
      return { res, happened: noEffect };
    },
  },
  {
    name: "PUT /api/admin/applications/:id/owner",
    allowed: SELECTION,
    success: 200,
    run: async (t, h) => {
      const id = await newApplication(t);
      const res = await request(t.app).put(`/api/admin/applications/${id}/owner`).set(h).send({ owner: "matrix_target" });
      return { res, happened: async () => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]?.owner === "matrix_target" };
    },
  },
  {
    name: "POST /api/admin/applications/:id/offer/resend",
    allowed: SELECTION,
    success: 202,
    run: async (t, h) => {
      const id = await offeredApplication(t);
      const before = await offerEmails(t, id);
      const res = await request(t.app).post(`/api/admin/applications/${id}/offer/resend`).set(h);
      return { res, happened: async () => (await offerEmails(t, id)) > before };
    },
  },
  {
    name: "POST /api/admin/applications/:id/offer/extend",
    allowed: SELECTION,
    success: 200,
    run: async (t, h) => {
      const id = await offeredApplication(t);
      const expiresOf = async () => (await t.database.db.select().from(applicationOffers).where(eq(applicationOffers.application_id, id))).map((o) => o.expires_at.getTime());
      const before = Math.max(...(await expiresOf()));
      const until = new Date(before + 3 * 86_400_000).toISOString();
      const res = await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(h).send({ until });
      return { res, happened: async () => Math.max(...(await expiresOf())) > before };
    },
  },
  {
    name: "GET /api/admin/staff-directory",
    allowed: SELECTION,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/staff-directory").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/admin/applications",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/applications").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/admin/applications/export",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/applications/export").set(h), happened: noEffect }),
  },
  {
    name: "DELETE /api/admin/applications/:id",
    allowed: DELETE,
    success: 204,
    run: async (t, h) => {
      const id = await newApplication(t);
      const res = await request(t.app).delete(`/api/admin/applications/${id}`).set(h);
      return { res, happened: async () => (await t.database.db.select().from(applications).where(eq(applications.id, id))).length === 0 };
    },
  },
  {
    name: "POST /api/privacy/find",
    allowed: DELETE,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).post("/api/privacy/find").set(h).send({ email: "maya.lindqvist@example.com" }), happened: noEffect }),
  },
  {
    name: "POST /api/privacy/erase",
    allowed: DELETE,
    success: 200,
    run: async (t, h) => {
      const email = `erase_${unique()}@example.com`;
      const id = (await request(t.app).post("/api/applications").send(validApplication({ email }))).body.id as string;
      const res = await request(t.app).post("/api/privacy/erase").set(h).send({ email, confirmation: email });
      return { res, happened: async () => (await t.database.db.select().from(applications).where(eq(applications.id, id))).length === 0 };
    },
  },
  {
    name: "GET /api/outbox",
    allowed: SUPER,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/outbox").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/admin/audit",
    allowed: SUPER,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/admin/audit").set(h), happened: noEffect }),
  },
  {
    name: "POST /api/admin/webhooks",
    allowed: SUPER,
    success: 201,
    run: async (t, h) => {
      const url = `https://hooks.example.com/${unique()}`;
      const res = await request(t.app).post("/api/admin/webhooks").set(h).send({ url, events: ["application.created"] });
      return { res, happened: async () => (await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url))).length > 0 };
    },
  },
  {
    name: "POST /api/admin/api-keys",
    allowed: SUPER,
    success: 201,
    run: async (t, h) => {
      const name = `matrix ${unique()}`;
      const res = await request(t.app).post("/api/admin/api-keys").set(h).send({ name, scopes: ["applications:read"] });
      return { res, happened: async () => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.name, name))).length > 0 };
    },
  },
  {
    name: "GET /api/auth/me",
    allowed: VIEW,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/auth/me").set(h), happened: noEffect }),
  },
  {
    name: "GET /api/system",
    allowed: SUPER,
    success: 200,
    run: async (t, h) => ({ res: await request(t.app).get("/api/system").set(h), happened: noEffect }),
  },
  {
    // The embedded database only: on PostgreSQL its own tools back it up (409 for everyone allowed).
    name: "POST /api/system/backups",
    allowed: SUPER,
    success: 201,
    engines: ["pglite"],
    run: async (t, h) => {
      const before = backupCount();
      const res = await request(t.app).post("/api/system/backups").set(h);
      return { res, happened: async () => backupCount() > before };
    },
  },
];

describe.each(TEST_ENGINES)("authorization matrix on %s", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine, { BACKUP_DIR: path.join(BACKUP_DIR, engine), BACKUP_KEY: randomBytes(32).toString("hex"), PILOT_CAPACITY: "1000" });
    staff = await createStaff(t, "matrix");
    superToken = staff.super_admin.token;
    await insertUser(t, "matrix_target", "user");
  });
  afterAll(() => t.close());

  const headersFor = (caller: Caller): Record<string, string> => {
    if (caller === "none") return {};
    if (caller === "bad") return bearer(randomBytes(32).toString("base64url"));
    return bearer(staff[caller].token);
  };

  for (const call of CALLS.filter((c) => !c.engines || c.engines.includes(engine))) {
    for (const caller of CALLERS) {
      const allowed = caller !== "none" && caller !== "bad" && call.allowed.includes(caller);
      const expected = allowed ? call.success : caller === "none" || caller === "bad" ? 401 : 403;
      it(`${call.name} as ${caller} → ${expected}`, async () => {
        const { res, happened } = await call.run(t, headersFor(caller));
        expect(res.status).toBe(expected);
        if (!allowed) {
          expect(typeof res.body.message).toBe("string");
          expect(Object.keys(res.body)).toEqual(["message"]);
          expect(await happened()).toBe(false);
        } else if (happened !== noEffect) {
          expect(await happened()).toBe(true);
        }
      });
    }
  }

  it("POST /api/auth/logout: 401 without or with a bad token, 204 for every role", async () => {
    expect((await request(t.app).post("/api/auth/logout")).status).toBe(401);
    expect((await request(t.app).post("/api/auth/logout").set(headersFor("bad"))).status).toBe(401);
    for (const role of ["user", "coordinator", "admin", "super_admin"] as const) {
      const token = await login(t, staff[role].username);
      expect((await request(t.app).post("/api/auth/logout").set(bearer(token))).status).toBe(204);
      expect((await request(t.app).get("/api/auth/me").set(bearer(token))).status).toBe(401);
    }
  });

  it("a role in the token's session cannot be raised by the request", async () => {
    const res = await request(t.app)
      .get("/api/users")
      .set({ ...bearer(staff.user.token), "X-Role": "super_admin" })
      .query({ role: "super_admin" });
    expect(res.status).toBe(403);
  });
});
