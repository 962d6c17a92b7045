/** Logs are structured and carry request ids, but never passwords, tokens or submitted personal fields. */
import { sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { createTestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, freshTotpCode, insertUser, validApplication, validContact } from "../../testing/fixtures";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("trace", { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join("") , lines };
}

const PERSONAL = {
  firstName: "Zephyrine",
  lastName: "Quillfeather",
  email: "zephyrine.quill@example.org",
  phone: "415-555-7788",
  zipCode: "94123",
  interestLevelOther: "Planning around chemotherapy",
  subject: "Confidential endometriosis question",
  message: "My diagnosis of endometriosis came last spring and I want to know more.",
};
const PASSWORD = "LogSecret123";
const WRONG_PASSWORD = "WrongSecret456";
const FBC = "fb.1.1712345678901.IwARsecretclick";

// Each test starts its own app on a fresh embedded database inside the test (its logger is the test's), which on a busy machine takes a while.
describe("logs", { timeout: 90_000 }, () => {
  it("hold request lines with ids and none of the personal values, passwords or tokens", async () => {
    const { logger, text, lines } = capture();
    const t = await createTestApp("pglite", { LOG_LEVEL: "trace" }, { logger });
    try {
      await insertUser(t, "log_admin", "admin", PASSWORD);
      const app = await request(t.app)
        .post("/api/applications?email=zephyrine.quill%40example.org")
        .set("fbc", FBC)
        .send(validApplication({ ...PERSONAL, interestLevel: "Other", age: 33 }));
      expect(app.status).toBe(201);
      expect((await request(t.app).post("/api/contact").send(validContact(PERSONAL))).status).toBe(201);
      expect((await request(t.app).post("/api/auth/login").send({ username: "log_admin", password: WRONG_PASSWORD })).status).toBe(401);
      const login = await request(t.app).post("/api/auth/login").send({ username: "log_admin", password: PASSWORD });
      expect(login.status).toBe(200);
      const pending = login.body.token as string;
      const code = await freshTotpCode(t, "log_admin");
      const second = await request(t.app).post("/api/auth/totp").set(bearer(pending)).send({ code });
      expect(second.status).toBe(200);
      const token = second.body.token as string;
      expect((await request(t.app).get("/api/applications").set(bearer(token))).status).toBe(200);
      expect((await request(t.app).delete(`/api/applications/${app.body.id}`).set(bearer(token))).status).toBe(204);
      expect((await request(t.app).post("/api/auth/logout").set(bearer(token))).status).toBe(204);
      expect((await request(t.app).get("/api/auth/me").set(bearer(token))).status).toBe(401);

      const log = text();
      // Logging works: one JSON line per request with its id, method, path and status.
      const requestLines = lines.map((l) => JSON.parse(l) as { req?: { id: string; path: string }; res?: { statusCode: number } });
      expect(requestLines.filter((l) => l.req && l.res).length).toBeGreaterThanOrEqual(8);
      expect(requestLines.some((l) => l.req?.path === "/api/applications" && l.res?.statusCode === 201)).toBe(true);
      expect(requestLines.every((l) => !l.req || /^[0-9a-f-]{36}$/.test(l.req.id))).toBe(true);

      for (const value of [...Object.values(PERSONAL), PASSWORD, WRONG_PASSWORD, pending, token, FBC, "zephyrine.quill%40example.org"]) {
        expect(log).not.toContain(value);
      }
    } finally {
      await t.close();
    }
  });

  it("describe a database failure without quoting the submitted values", async () => {
    const { logger, text } = capture();
    const t = await createTestApp("pglite", { LOG_LEVEL: "trace" }, { logger });
    // A failure that is not the database being away (that is a 503): the table is gone.
    await t.database.db.execute(sql`drop table contact_messages cascade`);
    const res = await request(t.app).post("/api/contact").send(validContact(PERSONAL));
    expect(res.status).toBe(500);
    const log = text();
    expect(log).toContain("request failed");
    for (const value of Object.values(PERSONAL)) expect(log).not.toContain(value);
    await t.close();
  });
});

describe.each(TEST_ENGINES)("the request log on %s", { timeout: 90_000 }, (engine) => {
  it("never holds the token of a link, in any spelling of its path, nor in a CSP report of its page", async () => {
    const { logger, text, lines } = capture();
    const t = await createTestApp(engine, { LOG_LEVEL: "trace" }, { logger });
    try {
      const token = "Zx81_kQ-pLm0Nb7vCd2Ef4Gh6Ij8Kl0Mn2Op4Qr6St8U";
      const spellings = [`/offer/${token}`, `/OFFER/${token}`, `/Offer/${token}.data`, `//offer/${token}`, `/%6Fffer/${token}`, `/offer/${token}?lang=es`];
      for (const path of spellings) await request(t.app).get(path);
      await request(t.app).post(`/offer/${token}`).type("form").send({ answer: "accept" });
      const report = { "csp-report": { "document-uri": `https://ovella.example/offer/${token}`, "violated-directive": "script-src", "blocked-uri": "inline" } };
      expect((await request(t.app).post("/csp-report").set("content-type", "application/csp-report").send(JSON.stringify(report))).status).toBe(204);
      const log = text();
      expect(log).not.toContain(token);
      const paths = lines.map((l) => (JSON.parse(l) as { req?: { path: string } }).req?.path).filter((p) => p !== undefined);
      expect(paths.filter((p) => p.endsWith("/:token")).length).toBeGreaterThanOrEqual(spellings.length + 1);
      expect(log).toContain('"page":"/offer/:token"');
    } finally {
      await t.close();
    }
  });
});
