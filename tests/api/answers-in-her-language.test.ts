/**
 * The submission calls' answers other than a 400 of the form's rules, in her language (ADR 0112), on both engines: a
 * body too large (413) or not JSON (415), malformed JSON or a malformed Idempotency-Key (400), a key reused for
 * other content (422), a submission deleted since (410), too many submissions (429, its minutes from Retry-After).
 * Spanish by the body's `preferred_language` or, when the body was not read, by Accept-Language; English unchanged.
 */
import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER_EN } from "#core/i18n/answer-en";
import { ANSWER_ES } from "#core/i18n/answer-es";
import { formatMessage } from "#core/i18n/catalogue";
import { MAX_BODY_BYTES } from "../../server/http/body";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact } from "../../testing/fixtures";

const SPANISH = { "Accept-Language": "es-US,es;q=0.9" };
const key = () => `key-${randomUUID()}`;

describe.each(TEST_ENGINES)("answers in her language (%s)", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "1000" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("a body too large, not JSON or malformed: in the language of Accept-Language, since the body was never read", async () => {
    const big = JSON.stringify(validApplication({ email: "big@example.com", notes: "x".repeat(MAX_BODY_BYTES) }));
    const tooLarge = await request(t.app).post("/api/applications").set(SPANISH).set("Content-Type", "application/json").send(big);
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, ANSWER_ES["answer.tooLarge"]]);
    const english = await request(t.app).post("/api/applications").set("Content-Type", "application/json").send(big);
    expect([english.status, english.body.message]).toEqual([413, ANSWER_EN["answer.tooLarge"]]);

    const notJson = await request(t.app).post("/api/contact").set(SPANISH).set("Content-Type", "text/plain").send("hola");
    expect([notJson.status, notJson.body.message]).toEqual([415, ANSWER_ES["answer.contentType"]]);
    const malformed = await request(t.app).post("/api/contact").set(SPANISH).set("Content-Type", "application/json").send("{ no");
    expect([malformed.status, malformed.body.message]).toEqual([400, ANSWER_ES["answer.malformedJson"]]);
    const badKey = await request(t.app).post("/api/applications").set("Idempotency-Key", "short").send(validApplication({ preferred_language: "es" }));
    expect([badKey.status, badKey.body.message]).toEqual([400, ANSWER_ES["answer.idempotencyKey"]]);
  });

  it("a key reused for other content (422) and a submission deleted since (410): in the body's language", async () => {
    const reused = key();
    const first = validContact({ email: "rosa.key@example.com", preferred_language: "es" });
    expect((await request(t.app).post("/api/contact").set("Idempotency-Key", reused).send(first)).status).toBe(201);
    const other = await request(t.app).post("/api/contact").set("Idempotency-Key", reused).send({ ...first, subject: "Otra pregunta" });
    expect([other.status, other.body.message]).toEqual([422, ANSWER_ES["answer.keyReused"]]);
    // An English body on a Spanish browser: the body decides.
    const english = await request(t.app).post("/api/contact").set(SPANISH).set("Idempotency-Key", reused).send({ ...first, preferred_language: "en", subject: "Another" });
    expect([english.status, english.body.message]).toEqual([422, ANSWER_EN["answer.keyReused"]]);

    const staff = await createStaff(t, "answers");
    const gone = key();
    const body = validApplication({ email: "rosa.gone@example.com", preferred_language: "es" });
    const created = await request(t.app).post("/api/applications").set("Idempotency-Key", gone).send(body);
    expect(created.status).toBe(201);
    expect((await request(t.app).delete(`/api/admin/applications/${created.body.id}`).set(bearer(staff.admin.token))).status).toBe(204);
    const replay = await request(t.app).post("/api/applications").set("Idempotency-Key", gone).send(body);
    expect([replay.status, replay.body.message]).toEqual([410, ANSWER_ES["answer.gone"]]);
  });
});

describe.each(TEST_ENGINES)("too many submissions in her language (%s)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "1", PUBLIC_POST_WINDOW_SECONDS: "600" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 with the minutes of its Retry-After, in Spanish for a Spanish body and in the server's English otherwise", async () => {
    expect((await request(t.app).post("/api/applications").send(validApplication({ email: "one@example.com" }))).status).toBe(201);
    const spanish = await request(t.app).post("/api/applications").send(validApplication({ email: "two@example.com", preferred_language: "es" }));
    expect(spanish.status).toBe(429);
    const minutes = Math.ceil(Number(spanish.headers["retry-after"]) / 60);
    expect(minutes).toBeGreaterThanOrEqual(9);
    expect(spanish.body.message).toBe(formatMessage("es", ANSWER_ES["answer.tooMany"], { minutes }));
    expect(spanish.body.message).toContain(`Inténtalo de nuevo en ${minutes} minutos`);
    const english = await request(t.app).post("/api/applications").send(validApplication({ email: "three@example.com" }));
    expect(english.status).toBe(429);
    expect(english.body.message).toBe(formatMessage("en", ANSWER_EN["answer.tooMany"], { minutes: Math.ceil(Number(english.headers["retry-after"]) / 60) }));
  });
});
