/**
 * The applicant's language (ADR 0110), on both engines: a submission stores the language its body names, else
 * the one its Accept-Language prefers; any other value is a 400; a 400's messages are in the request's language;
 * staff find the language in the list (a filter), on the record and in the CSV, by its own name.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, contactMessages } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact, type StaffMember } from "../../testing/fixtures";
import { csvRecords } from "../../testing/wire-names";
import type { Role } from "#core/options";

describe.each(TEST_ENGINES)("the applicant's language on %s", (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;
  const tag = "zqxlang";

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t);
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.app).get(path).set(bearer(staff.user.token));
  const storedApplication = async (id: string) => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0];
  const storedContact = async (id: string) => (await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
  const csvText = async (path: string) => {
    const res = await get(path).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    return csvRecords((res.body as Buffer).toString("utf8"));
  };

  describe("stored with the record", () => {
    it("takes the body's preferred_language over the browser's", async () => {
      const res = await request(t.app)
        .post("/api/applications")
        .set("Accept-Language", "en-US,en;q=0.9")
        .send(validApplication({ email: `body.es.${tag}@example.com`, lastName: `Body${tag}`, preferred_language: "es" }));
      expect(res.status, res.text).toBe(201);
      expect((await storedApplication(res.body.id))?.preferred_language).toBe("es");

      const english = await request(t.app)
        .post("/api/contact")
        .set("Accept-Language", "es-MX")
        .send(validContact({ email: `body.en.${tag}@example.com`, lastName: `Body${tag}`, preferred_language: "en" }));
      expect(english.status, english.text).toBe(201);
      expect((await storedContact(english.body.id))?.preferred_language).toBe("en");
    });

    it.each([
      ["es", "es"],
      ["es-US", "es"],
      ["es-419,es;q=0.9,en;q=0.8", "es"],
      ["es-MX", "es"],
      ["en-US,es;q=0.9", "en"],
      ["fr-FR,fr;q=0.9,es;q=0.5", "es"],
      ["fr-FR", "en"],
      ["de", "en"],
    ])("without one, Accept-Language %s gives %s", async (header, language) => {
      const slug = header.replace(/[^a-z0-9]/gi, "").toLowerCase();
      const application = await request(t.app)
        .post("/api/applications")
        .set("Accept-Language", header)
        .send(validApplication({ email: `accept.${slug}.${tag}@example.com`, lastName: `Accept${tag}` }));
      expect(application.status, application.text).toBe(201);
      expect((await storedApplication(application.body.id))?.preferred_language).toBe(language);
      const contact = await request(t.app)
        .post("/api/contact")
        .set("Accept-Language", header)
        .send(validContact({ email: `accept.${slug}.${tag}@example.com`, lastName: `Accept${tag}` }));
      expect(contact.status, contact.text).toBe(201);
      expect((await storedContact(contact.body.id))?.preferred_language).toBe(language);
    });

    it("is English without a language and without an Accept-Language", async () => {
      const res = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ email: `none.${tag}@example.com`, lastName: `None${tag}` }));
      expect(res.status, res.text).toBe(201);
      expect((await storedApplication(res.body.id))?.preferred_language).toBe("en");
    });
  });

  describe("a 400", () => {
    it.each(["fr", "ES", "es-MX", "", 1, true])("refuses preferred_language %j, and stores nothing", async (value) => {
      for (const [path, body] of [
        ["/api/applications", validApplication({ email: `bad.${tag}@example.com`, preferred_language: value })],
        ["/api/contact", validContact({ email: `bad.${tag}@example.com`, preferred_language: value })],
      ] as const) {
        const res = await request(t.app).post(path).send(body);
        expect(res.status, `${path} ${res.text}`).toBe(400);
        expect(res.body).toEqual({ message: "Validation failed", errors: { preferred_language: ['Language must be "en" (English) or "es" (Spanish)'] } });
      }
      expect(await t.database.db.select().from(applications).where(eq(applications.email, `bad.${tag}@example.com`))).toEqual([]);
    });

    it("words a refused value in the browser's language when the body names none of ours", async () => {
      const res = await request(t.app)
        .post("/api/applications")
        .set("Accept-Language", "es-US")
        .send(validApplication({ preferred_language: "fr" }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Algunos datos no son válidos", errors: { preferred_language: ['El idioma debe ser "en" (inglés) o "es" (español)'] } });
    });

    it("is in Spanish for a Spanish request, from the body or from Accept-Language", async () => {
      const fromBody = await request(t.app)
        .post("/api/applications")
        .set("Accept-Language", "en-US")
        .send({ formSource: "main page", age: 16, email: "not-an-email", state: "California", zipCode: "9411", interestLevel: "", preferred_language: "es" });
      expect(fromBody.status).toBe(400);
      expect(fromBody.body).toEqual({
        message: "Algunos datos no son válidos",
        errors: {
          firstName: ["El nombre es obligatorio"],
          lastName: ["El apellido es obligatorio"],
          email: ["Escribe un correo electrónico válido"],
          age: ["Debes tener al menos 18 años"],
          interestLevel: ["Selecciona tu nivel de interés"],
          zipCode: ["El código postal debe tener exactamente 5 dígitos"],
        },
      });

      const fromHeader = await request(t.app)
        .post("/api/contact")
        .set("Accept-Language", "es-419,es;q=0.9")
        .send(validContact({ firstName: "", reason: "", subject: "x".repeat(201), message: "Hola" }));
      expect(fromHeader.status).toBe(400);
      expect(fromHeader.body).toEqual({
        message: "Algunos datos no son válidos",
        errors: {
          firstName: ["El nombre es obligatorio"],
          reason: ["Selecciona el motivo de tu mensaje"],
          subject: ["El asunto debe tener 200 caracteres o menos"],
          message: ["El mensaje debe tener al menos 10 caracteres"],
        },
      });
    });

    it("words Zod's own messages in Spanish where a schema names none (a hidden field's length)", async () => {
      const res = await request(t.app)
        .post("/api/contact")
        .send(validContact({ website: "x".repeat(1001), preferred_language: "es" }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Algunos datos no son válidos");
      expect(res.body.errors.website).toHaveLength(1);
      expect(res.body.errors.website[0]).toMatch(/^Demasiado grande/);
    });

    it("refuses text that cannot be stored in Spanish too, before any schema reads it", async () => {
      const res = await request(t.app)
        .post("/api/contact")
        .set("Accept-Language", "es-MX")
        .send(validContact({ subject: "Hola\u0000", unknown: "x" }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: "Algunos datos no son válidos",
        errors: { subject: ["Contiene un carácter que no podemos guardar (un NUL o un carácter Unicode dañado): vuelve a escribirlo"] },
      });
      const english = await request(t.app).post("/api/applications").send(validApplication({ firstName: "Ana\u0000" }));
      expect(english.body).toEqual({
        message: "Validation failed",
        errors: { firstName: ["Contains a character we cannot save (a NUL or a broken Unicode character): please retype it"] },
      });
    });

    it("names a country's postcode format in Spanish, the country by its Spanish name", async () => {
      const res = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ state: "Mexico", zipCode: "600", preferred_language: "es" }));
      expect(res.status).toBe(400);
      expect(res.body.errors.zipCode).toEqual(["El código postal debe seguir el formato de México; por ejemplo, 06000"]);
    });

    it("stays in English for an English request, word for word", async () => {
      const res = await request(t.app)
        .post("/api/applications")
        .set("Accept-Language", "fr-CA")
        .send(validApplication({ firstName: "", age: 16 }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Validation failed", errors: { firstName: ["First name is required"], age: ["Must be at least 18 years old"] } });
    });
  });

  describe("what staff read", () => {
    let spanishId: string;
    let englishId: string;
    let messageId: string;

    beforeAll(async () => {
      const spanish = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ email: `staff.es.${tag}@example.com`, lastName: `Staff${tag}`, preferred_language: "es" }));
      const english = await request(t.app)
        .post("/api/applications")
        .send(validApplication({ email: `staff.en.${tag}@example.com`, lastName: `Staff${tag}`, preferred_language: "en" }));
      const message = await request(t.app)
        .post("/api/contact")
        .set("Accept-Language", "es-US")
        .send(validContact({ email: `staff.es.${tag}@example.com`, lastName: `Staff${tag}` }));
      spanishId = spanish.body.id;
      englishId = english.body.id;
      messageId = message.body.id;
    });

    it("filters the lists by language, and refuses an unknown one", async () => {
      const es = await get(`/api/admin/applications?lastName=Staff${tag}&language=es`);
      expect(es.status, es.text).toBe(200);
      expect(es.body.rows.map((r: { id: string }) => r.id)).toEqual([spanishId]);
      expect(es.body.rows[0].preferred_language).toBe("es");
      const en = await get(`/api/admin/applications?lastName=Staff${tag}&language=en`);
      expect(en.body.rows.map((r: { id: string }) => r.id)).toEqual([englishId]);
      const messages = await get(`/api/admin/contact?lastName=Staff${tag}&language=es`);
      expect(messages.status, messages.text).toBe(200);
      expect(messages.body.rows.map((r: { id: string }) => r.id)).toEqual([messageId]);
      expect((await get(`/api/admin/contact?lastName=Staff${tag}&language=en`)).body.rows).toEqual([]);
      expect((await get(`/api/admin/applications?language=fr`)).status).toBe(400);
    });

    it("shows it on the record", async () => {
      const application = await get(`/api/admin/applications/${spanishId}`);
      expect(application.status).toBe(200);
      expect(application.body.record.preferred_language).toBe("es");
      const message = await get(`/api/admin/contact/${messageId}`);
      expect(message.body.record.preferred_language).toBe("es");
    });

    it("is in the OpenAPI document: both submissions' bodies, both lists' rows and filters", async () => {
      const doc = (await request(t.app).get("/api/openapi.json")).body;
      const text = JSON.stringify(doc);
      for (const path of ["/api/applications", "/api/contact"]) {
        const body = JSON.stringify(doc.paths[path].post.requestBody);
        expect(body, path).toContain('"preferred_language"');
      }
      for (const path of ["/api/admin/applications", "/api/admin/contact"]) {
        const filter = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === "language");
        expect(filter, path).toMatchObject({ in: "query", schema: { enum: ["en", "es"] } });
      }
      // The rows of the lists and the records carry it too (their schemas are components or inline).
      expect(text.match(/"preferred_language"/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    });

    it("exports it as a Language column, by the language's own name", async () => {
      const { headers, records } = await csvText(`/api/admin/applications/export?lastName=Staff${tag}&sort=email&dir=asc`);
      expect(headers).toContain("Language");
      expect(records.map((r) => [r.Email, r.Language])).toEqual([
        [`staff.en.${tag}@example.com`, "English"],
        [`staff.es.${tag}@example.com`, "Español"],
      ]);
      const contact = await csvText(`/api/admin/contact/export?lastName=Staff${tag}&language=es`);
      expect(contact.records.map((r) => r.Language)).toEqual(["Español"]);
    });
  });
});
