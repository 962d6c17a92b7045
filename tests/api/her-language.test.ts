/**
 * Her language follows her (ADR 0112), on both engines: what her page says comes in the language of her record; she
 * changes it through her link (audited, only "en" or "es"), and from then on her page, her details' refusals and the
 * emails not yet sent are in the new language.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, emailOutbox } from "../../server/db/schema";
import { signPageToken } from "../../server/services/applicant-page-token";
import { createTestApp, type TestApp } from "../../testing/app";
import { capturedMail } from "./captured-mail";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication } from "../../testing/fixtures";

const SECRET = "her-language-secret-0123456789abcdef";
const SITE = "https://ovella.example";

describe.each(TEST_ENGINES)("her language on her page (%s)", (engine) => {
  let t: TestApp;
  const tokenOf = (id: string) => signPageToken(SECRET, id, t.now());
  const audits = (id: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "applicant_language_change")));

  async function apply(email: string, language: "en" | "es"): Promise<string> {
    const res = await request(t.app).post("/api/applications").send(validApplication({ email, firstName: "Lucía", preferred_language: language }));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PUBLIC_SITE_URL: SITE });
  });
  afterAll(async () => {
    await t.close();
  });

  it("says where she stands in the language she applied in", async () => {
    const es = await apply("lucia.es@example.com", "es");
    const en = await apply("lucia.en@example.com", "en");
    const spanish = await request(t.app).get(`/api/applicant/${tokenOf(es)}`).expect(200);
    expect(spanish.body).toMatchObject({ stage: "new", heading: "Estamos leyendo tu solicitud", nextStep: expect.stringContaining("evaluación OvellaIQ") });
    const english = await request(t.app).get(`/api/applicant/${tokenOf(en)}`).expect(200);
    expect(english.body).toMatchObject({ heading: "We are reading your application" });

    // Invited to the assessment: the kit's words too.
    const staff = await createStaff(t, "language");
    await request(t.app).post(`/api/admin/applications/${es}/stage`).set(bearer(staff.admin.token)).send({ to: "assessment_invited" }).expect(200);
    const invited = await request(t.app).get(`/api/applicant/${tokenOf(es)}`).expect(200);
    expect(invited.body).toMatchObject({ heading: "Tu siguiente paso: la evaluación OvellaIQ", kit: { step: null, words: expect.stringContaining("Estamos esperando tu kit") } });
  });

  it("changes her language through her link (audited), and her page, her refusals and the emails not yet sent follow", async () => {
    const id = await apply("lucia.switch@example.com", "en");
    const token = tokenOf(id);
    const details = await request(t.app).get(`/api/applicant/${token}/details`).expect(200);
    expect(details.body.language).toBe("en");

    const changed = await request(t.app).put(`/api/applicant/${token}/language`).send({ language: "es" });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe("es");
    const [stored] = await t.database.db.select({ language: applications.preferred_language }).from(applications).where(eq(applications.id, id));
    expect(stored?.language).toBe("es");
    expect((await audits(id)).map((a) => a.detail)).toEqual([{ language: "es" }]);

    // The same language again changes nothing and writes no second audit line.
    await request(t.app).put(`/api/applicant/${token}/language`).send({ language: "es" }).expect(200);
    expect(await audits(id)).toHaveLength(1);

    expect((await request(t.app).get(`/api/applicant/${token}`).expect(200)).body.heading).toBe("Estamos leyendo tu solicitud");
    // Her details refused in her language now, with the public form's rule.
    const refused = await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "not-an-address" }).expect(400);
    expect(JSON.stringify(refused.body)).toContain("correo electrónico válido");

    // Her confirmation, queued while her record said English and not yet sent, goes out in Spanish.
    const queued = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, "application_confirmation")));
    expect(queued).toHaveLength(1);
    const mail = capturedMail(t.database.db, { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET });
    await mail.deliverAll();
    const [mine] = mail.to("lucia.switch@example.com");
    expect(String(mine?.text)).toContain("Recibimos tu solicitud");
  });

  it("refuses a language that is not ours and changes nothing; a link that opens nothing answers 404", async () => {
    const id = await apply("lucia.refused@example.com", "es");
    for (const language of ["fr", "", "ES", null]) {
      const res = await request(t.app).put(`/api/applicant/${tokenOf(id)}/language`).send({ language });
      expect(res.status).toBe(400);
    }
    const [stored] = await t.database.db.select({ language: applications.preferred_language }).from(applications).where(eq(applications.id, id));
    expect(stored?.language).toBe("es");
    expect(await audits(id)).toHaveLength(0);
    await request(t.app).put(`/api/applicant/${"A".repeat(48)}/language`).send({ language: "en" }).expect(404);
  });
});
