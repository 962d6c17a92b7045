/**
 * GET /api/docs (ADR 0070): the reference page and its files answer from this origin, with the right
 * types, a policy that allows no inline script, no eval and no other origin, and nothing else of the
 * renderer's package folder is served.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

describe.each(TEST_ENGINES)("the API reference page on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("answers an HTML page without signing in, under a policy of its own origin only", async () => {
    const res = await request(t.app).get("/api/docs").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    const policy = directives(res.headers["content-security-policy"] ?? "");
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    const everyValue = [...policy.values()].flat();
    expect(everyValue.filter((v) => /^https?:|unsafe|nonce-|sha256-|\*/.test(v))).toEqual([]);

    // No inline script: every script element has a src on this origin.
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBe(2);
    for (const [, attributes = "", body = ""] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/[\w.-]+\.js"/);
      expect(body).toBe("");
    }
    expect(res.text).not.toMatch(/https?:\/\//);
    expect(res.text).toContain("/api/openapi.json");
  });

  it("serves the renderer's files and the start-up script with their types, compressed", async () => {
    const bundle = await request(t.app).get("/api/docs/swagger-ui-bundle.js").set("Accept-Encoding", "gzip").expect(200);
    expect(bundle.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(bundle.headers["content-encoding"]).toBe("gzip");
    expect(bundle.headers["x-content-type-options"]).toBe("nosniff");
    expect(bundle.text).toContain("SwaggerUIBundle");

    const style = await request(t.app).get("/api/docs/swagger-ui.css").expect(200);
    expect(style.headers["content-type"]).toMatch(/^text\/css/);
    expect(style.text).toContain(".swagger-ui");

    const page = await request(t.app).get("/api/docs/page.css").expect(200);
    expect(page.headers["content-type"]).toMatch(/^text\/css/);

    const start = await request(t.app).get("/api/docs/start.js").expect(200);
    expect(start.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(start.text).toContain('url: "/api/openapi.json"');
    // The renderer would otherwise fetch a validity badge from a third party.
    expect(start.text).toContain("validatorUrl: null");
  });

  it("serves no other file of the renderer's package (its demo page points at a third-party document)", async () => {
    for (const file of ["index.html", "swagger-initializer.js", "package.json", "oauth2-redirect.html", "../package.json"]) {
      const res = await request(t.app).get(`/api/docs/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.headers["content-type"], file).toMatch(/^application\/json/);
    }
  });

  it("renders the document that lists every operation and the webhook events", async () => {
    const document = (await request(t.app).get("/api/openapi.json").expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
      webhooks: Record<string, { post: { security?: unknown[] } }>;
    };
    expect(document.paths["/api/docs"]?.get).toBeDefined();
    expect(Object.keys(document.webhooks).length).toBeGreaterThan(0);
    // A webhook is sent by this app, signed: the page must not show it as needing a bearer credential.
    for (const [event, item] of Object.entries(document.webhooks)) expect(item.post.security, event).toEqual([]);
  });
});
