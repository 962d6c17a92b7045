/**
 * /api/openapi.json describes every mounted route, and nothing else, and is a valid OpenAPI 3.1
 * document; the answers the server gives match the contracts (core/contracts) the document comes from.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginResponseSchema, sessionUserSchema } from "#core/contracts/auth";
import { errorBodySchema } from "#core/contracts/common";
import { healthSchema, readinessSchema } from "#core/contracts/health";
import { outboxSummarySchema } from "#core/contracts/outbox";
import {
  correctionAnswerSchema,
  erasureAnswerSchema,
  privacyExportDocumentSchema,
  privacyRequestRecordListSchema,
  privacyRequestRecordSchema,
  subjectResultSchema,
} from "#core/contracts/privacy";
import { applicationCreatedSchema, contactCreatedSchema } from "#core/contracts/submissions";
import { staffUserListSchema, staffUserSchema } from "#core/contracts/users";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication, validContact } from "../../testing/fixtures";

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path the app's router answers, from its layers (Express 5 / router 2). */
function mountedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = joinPath(prefix, String(layer.route.path));
        for (const method of Object.keys(layer.route.methods)) if (method !== "_all") found.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, joinPath(prefix, typeof layer.rawPath === "string" ? layer.rawPath : "/"));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return [...new Set(found)].toSorted();
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
  return joined.replace(/:(\w+)/g, "{$1}");
}

function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .toSorted();
}

function matches<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`answer does not match its contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
  return parsed.data;
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    t = await createTestApp("pglite");
    document = (await request(t.app).get("/api/openapi.json").expect(200)).body;
  });
  afterAll(() => t.close());

  it("finds the routes of the app by walking its router", () => {
    const routes = mountedRoutes(t.app);
    expect(routes).toContain("POST /api/applications");
    expect(routes).toContain("PUT /api/privacy/requests/{id}");
    expect(routes).toContain("GET /api/admin/audit/export");
    expect(routes.length).toBeGreaterThan(30);
  });

  it("describes every route mounted under /api, and no route that is not", () => {
    const mounted = mountedRoutes(t.app).filter((r) => r.split(" ")[1]!.startsWith("/api/"));
    const documented = documentedRoutes(document).filter((r) => r.split(" ")[1]!.startsWith("/api/"));
    expect(documented).toEqual(mounted);
  });

  it("describes the routes outside /api too (health checks, CSP reports)", () => {
    const outside = documentedRoutes(document).filter((r) => !r.split(" ")[1]!.startsWith("/api/"));
    expect(outside).toEqual(["GET /healthz", "GET /readyz", "POST /csp-report"]);
    const mounted = mountedRoutes(t.app);
    for (const route of outside) expect(mounted).toContain(route);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("declares each call's body and answer from the contracts", () => {
    const login = document.paths["/api/auth/login"]?.post;
    expect(login).toMatchObject({
      security: [],
      requestBody: { content: { "application/json": { schema: { properties: { username: { type: "string" }, password: { type: "string" } } } } } },
      responses: { "200": { content: { "application/json": { schema: { properties: { user: { properties: { role: { enum: ["user", "coordinator", "admin", "super_admin"] } } } } } } } } },
    });
    const resend = document.paths["/api/outbox/{id}/resend"]?.post as { responses: Record<string, unknown> };
    expect(Object.keys(resend.responses)).toEqual(expect.arrayContaining(["202", "400", "401", "403", "409", "503"]));
  });
});

describe.each(TEST_ENGINES)("answers match their contracts on %s", (engine) => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t, "contract");
  });
  afterAll(() => t.close());

  it("public submissions and their errors", async () => {
    matches(applicationCreatedSchema, (await request(t.app).post("/api/applications").send(validApplication()).expect(201)).body);
    matches(contactCreatedSchema, (await request(t.app).post("/api/contact").send(validContact()).expect(201)).body);
    const invalid = matches(errorBodySchema, (await request(t.app).post("/api/contact").send({}).expect(400)).body);
    expect(Object.keys(invalid.errors ?? {})).toContain("email");
  });

  it("sign-in, staff accounts and the outbox", async () => {
    const login = await request(t.app).post("/api/auth/login").send({ username: staff.super_admin.username, password: staff.super_admin.password }).expect(200);
    matches(loginResponseSchema, login.body);
    matches(sessionUserSchema, (await request(t.app).get("/api/auth/me").set(bearer(staff.user.token)).expect(200)).body);
    matches(staffUserListSchema, (await request(t.app).get("/api/users").set(bearer(staff.super_admin.token)).expect(200)).body);
    const created = await request(t.app).post("/api/users").set(bearer(staff.super_admin.token)).send({ username: "contract_new", password: "ContractPass1", role: "user" }).expect(201);
    matches(staffUserSchema, created.body);
    matches(outboxSummarySchema, (await request(t.app).get("/api/outbox").set(bearer(staff.super_admin.token)).expect(200)).body);
    matches(errorBodySchema, (await request(t.app).get("/api/outbox").set(bearer(staff.user.token)).expect(403)).body);
  });

  it("privacy calls", async () => {
    const email = "contract.subject@example.com";
    const application = await request(t.app).post("/api/applications").send(validApplication({ email })).expect(201);
    const admin = bearer(staff.admin.token);
    const found = matches(subjectResultSchema, (await request(t.app).post("/api/privacy/find").set(admin).send({ email }).expect(200)).body);
    expect(found.counts.applications).toBe(1);
    const requestRecord = matches(
      privacyRequestRecordSchema,
      (await request(t.app).post("/api/privacy/requests").set(admin).send({ email, kind: "correction" }).expect(201)).body,
    );
    matches(privacyRequestRecordListSchema, (await request(t.app).get("/api/privacy/requests").set(admin).expect(200)).body);
    matches(privacyRequestRecordSchema, (await request(t.app).put(`/api/privacy/requests/${requestRecord.id}`).set(admin).send({ notes: "called back" }).expect(200)).body);
    const correction = await request(t.app).post(`/api/privacy/applications/${application.body.id}/correction`).set(admin).send({ lastName: "Corrected" }).expect(200);
    expect(matches(correctionAnswerSchema, correction.body).fields).toEqual(["lastName"]);
    const exported = await request(t.app).post("/api/privacy/export").set(admin).send({ email }).expect(200);
    matches(privacyExportDocumentSchema, JSON.parse(exported.text));
    matches(erasureAnswerSchema, (await request(t.app).post("/api/privacy/erase").set(admin).send({ email, confirmation: email }).expect(200)).body);
  });

  it("health checks", async () => {
    matches(healthSchema, (await request(t.app).get("/healthz").expect(200)).body);
    matches(readinessSchema, (await request(t.app).get("/readyz").expect(200)).body);
  });
});
