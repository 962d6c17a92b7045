/** The CSP report endpoint: both report formats logged without personal data, size and rate limited. */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { CSP_REPORT_MAX_BYTES } from "../../server/http/csp-report";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";

const PAGE = "http://localhost:3000/privacy-policy?email=secret.person%40example.org";

describe.each(TEST_ENGINES)("CSP reports on %s", (engine) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const logger = createLogger("warn", { write: (line: string) => void lines.push(line) });
    t = await createTestApp(engine, { LOG_LEVEL: "warn" }, { logger });
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the endpoint in the policy (report-uri and report-to) and in Reporting-Endpoints", async () => {
    const res = await request(t.app).get("/healthz");
    expect(res.headers["content-security-policy"]).toContain("report-uri /csp-report");
    expect(res.headers["content-security-policy"]).toContain("report-to csp");
    expect(res.headers["reporting-endpoints"]).toBe('csp="/csp-report"');
  });

  it("logs a report-uri violation with directive, blocked origin and page path only", async () => {
    lines.length = 0;
    const res = await request(t.app)
      .post("/csp-report")
      .set("Content-Type", "application/csp-report")
      .send(
        JSON.stringify({
          "csp-report": {
            "document-uri": PAGE,
            "effective-directive": "script-src-elem",
            "blocked-uri": "https://evil.example.com/steal.js?who=secret.person@example.org",
            "script-sample": "alert('secret.person@example.org')",
          },
        }),
      );
    expect(res.status).toBe(204);
    const logged = lines.join("");
    expect(logged).toContain('"directive":"script-src-elem"');
    expect(logged).toContain('"blocked":"https://evil.example.com"');
    expect(logged).toContain('"page":"/privacy-policy"');
    expect(logged).not.toContain("secret.person");
    expect(logged).not.toContain("steal.js");
  });

  it("reads the Reporting API format (a list of reports)", async () => {
    lines.length = 0;
    const res = await request(t.app)
      .post("/csp-report")
      .set("Content-Type", "application/reports+json")
      .send(
        JSON.stringify([
          { type: "csp-violation", body: { documentURL: PAGE, effectiveDirective: "script-src", blockedURL: "eval", disposition: "enforce" } },
          { type: "deprecation", body: { message: "ignored" } },
        ]),
      );
    expect(res.status).toBe(204);
    const logged = lines.join("");
    expect(logged).toContain('"directive":"script-src"');
    expect(logged).toContain('"blocked":"eval"');
    expect(logged).not.toContain("ignored");
  });

  it("refuses a body over the size limit and a malformed one without a 500", async () => {
    const big = JSON.stringify({ "csp-report": { "document-uri": PAGE, padding: "x".repeat(CSP_REPORT_MAX_BYTES) } });
    const tooLarge = await request(t.app).post("/csp-report").set("Content-Type", "application/csp-report").send(big);
    expect(tooLarge.status).toBe(413);
    const malformed = await request(t.app).post("/csp-report").set("Content-Type", "application/csp-report").send("{nope");
    expect(malformed.status).toBe(400);
  });

  it("rate limits reports per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const res = await request(t.app).post("/csp-report").set("Content-Type", "application/csp-report").send("{}");
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(30);
  });
});
