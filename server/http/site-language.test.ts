/** The site's language (ADR 0113): the switch remembers the choice; an English address follows it, or the browser's first. */
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { firstVisitLanguage, LANGUAGE_COOKIE, LANGUAGE_SWITCH_PATH, languageSwitch } from "./site-language";

const app = express();
const marked: express.RequestHandler = (_req, res, next) => {
  res.setHeader("X-Page-Headers", "1");
  next();
};
app.get(`${LANGUAGE_SWITCH_PATH}/:language`, marked, languageSwitch());
app.use(firstVisitLanguage([marked]));
app.use((req, res) => {
  res.type("text").send(`page ${req.path}`);
});

describe("the language switch", () => {
  it("remembers Spanish for a year in a strictly necessary cookie and opens the page's Spanish twin", async () => {
    const answer = await request(app).get("/language/es?next=%2Fapply%3Futm_source%3Dtiktok");
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/es/apply?utm_source=tiktok");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-page-headers"]).toBe("1");
    const cookie = String(answer.headers["set-cookie"]);
    expect(cookie).toContain(`${LANGUAGE_COOKIE}=es`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("goes back to English from a Spanish page, the home page included", async () => {
    const answer = await request(app).get("/language/en?next=%2Fes");
    expect(answer.headers.location).toBe("/");
    expect(String(answer.headers["set-cookie"])).toContain(`${LANGUAGE_COOKIE}=en`);
    expect((await request(app).get("/language/en?next=%2Fes%2Fabout")).headers.location).toBe("/about");
  });

  it("never sends her off the site or to a page without a twin: those go to the home page in her language", async () => {
    for (const next of ["https://evil.example/", "//evil.example/x", "/a/some-token", "javascript:alert(1)", ""]) {
      const answer = await request(app).get(`/language/es?next=${encodeURIComponent(next)}`);
      expect(answer.status, next).toBe(303);
      expect(answer.headers.location, next).toBe("/es");
    }
  });

  it("knows only our languages: any other is an address no page takes", async () => {
    const answer = await request(app).get("/language/fr?next=%2Fapply");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("page /language/fr");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });
});

describe("an English address", () => {
  it("opens in English for an English browser, with nothing remembered", async () => {
    const answer = await request(app).get("/apply").set("Accept-Language", "en-US,en;q=0.9");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("page /apply");
  });

  it("sends a first-time visitor whose browser prefers Spanish to the Spanish twin, keeping the campaign's tags", async () => {
    const answer = await request(app).get("/tiktok?utm_source=tiktok&utm_campaign=fall").set("Accept-Language", "es-MX,es;q=0.9,en;q=0.5");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/es/tiktok?utm_source=tiktok&utm_campaign=fall");
    expect(answer.headers.vary).toMatch(/Accept-Language/);
    expect(answer.headers.vary).toMatch(/Cookie/);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(answer.headers["x-page-headers"]).toBe("1");
    expect((await request(app).get("/").set("Accept-Language", "es")).headers.location).toBe("/es");
  });

  it("follows her choice over her browser: English chosen on a Spanish browser stays English, and Spanish chosen on an English one goes to Spanish", async () => {
    const english = await request(app).get("/about").set("Accept-Language", "es").set("Cookie", `${LANGUAGE_COOKIE}=en`);
    expect(english.status).toBe(200);
    const spanish = await request(app).get("/about").set("Accept-Language", "en").set("Cookie", `other=1; ${LANGUAGE_COOKIE}=es`);
    expect(spanish.headers.location).toBe("/es/about");
    // A cookie holding anything else counts as no choice.
    const forged = await request(app).get("/about").set("Accept-Language", "en").set("Cookie", `${LANGUAGE_COOKIE}=fr`);
    expect(forged.status).toBe(200);
  });

  it("leaves Spanish addresses, her pages, the API and anything but a read alone", async () => {
    const spanishChoice = { "Accept-Language": "es", Cookie: `${LANGUAGE_COOKIE}=es` };
    for (const path of ["/es/apply", "/a/token", "/offer/token", "/admin", "/nowhere"]) {
      expect((await request(app).get(path).set(spanishChoice)).status, path).toBe(200);
    }
    expect((await request(app).post("/apply").set(spanishChoice)).status).toBe(200);
    const englishChoice = { "Accept-Language": "en", Cookie: `${LANGUAGE_COOKIE}=en` };
    // A Spanish link opens in the language of the link, whatever she chose before.
    expect((await request(app).get("/es/contact").set(englishChoice)).status).toBe(200);
  });
});
