/**
 * Her pages in her language (ADR 0112), on a phone and a desktop with the browser set to es-US: an application made
 * in Spanish gets a Spanish confirmation whose link opens her page in Spanish (frame included, `lang="es"`, no
 * English sentence of the pages' catalogue, axe clean); her offer's page and its decline step are Spanish; she
 * switches to English on her details page and her pages follow at once; a link that opens nothing speaks the
 * browser's language (static-pages.spec.ts checks that no browser bundle carries a Spanish catalogue). Screenshots
 * kept at both sizes.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { PAGE_EN } from "#core/i18n/page-en";
import { validApplication } from "../../testing/payloads";
import { apiLogin, SUPER } from "./admin-fixtures";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The English sentences of the pages' catalogue that a Spanish page must not show (whole messages, no placeholder). */
const ENGLISH_SENTENCES: string[] = Object.values(PAGE_EN)
  .flatMap((message): string[] => (typeof message === "string" ? [message] : []))
  .filter((message) => !message.includes("{") && message.trim().split(/\s+/).length >= 3);

async function englishLeftOn(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  return ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
}

async function applyInSpanish(request: APIRequestContext, email: string, firstName: string): Promise<string> {
  const res = await request.post("/api/applications", { data: validApplication({ firstName, email, preferred_language: "es" }) });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("an application in Spanish: her confirmation's link opens her page in Spanish, and she switches to English on her details", async ({ page, request }, info) => {
  const email = uniqueEmail("espage");
  await applyInSpanish(request, email, "Lucía");
  let token: string | null = null;
  await expect.poll(() => (token = findInEmailTo(email, /\/a\/([A-Za-z0-9_-]{48})/, /Subject: Recibimos tu solicitud/)), { timeout: 20_000 }).not.toBeNull();

  await page.goto(`/a/${token ?? ""}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Tu solicitud | Ovella");
  await expect(page.getByRole("heading", { level: 1, name: "Estamos leyendo tu solicitud" })).toBeVisible();
  await expect(page.getByText("Por ahora no tienes que hacer nada.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Información legal" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`her-page-es-${info.project.name}.png`), fullPage: true });

  // Withdrawing asks once more, in Spanish; keeping it changes nothing.
  await page.getByRole("link", { name: "Retirar mi solicitud" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¿Quieres retirar tu solicitud, Lucía?" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  await page.getByRole("link", { name: "Conservar mi solicitud" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estamos leyendo tu solicitud" })).toBeVisible();

  await page.getByRole("link", { name: "Mis datos y correos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tus datos y correos" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Español" })).toBeChecked();
  expect(await englishLeftOn(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`her-details-es-${info.project.name}.png`), fullPage: true });

  // A refusal of her details comes in Spanish, tied to its field.
  await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
  await page.getByLabel("Correo electrónico").evaluate((input: HTMLInputElement) => input.form?.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Revisa los campos marcados" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(/Escribe un correo electrónico válido/);

  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: "Guardar mi idioma" }).click();
  await expect(page.getByText("Your language is saved: we write to you in English from now on.")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Your details and emails" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();

  await page.getByRole("link", { name: "Back to my application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We are reading your application" })).toBeVisible();
  // Remembered: the link opens her page in English from now on, whatever the browser says.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "We are reading your application" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("her offer in Spanish: the offer email's page, the step that asks once more, and the answer", async ({ page, request }, info) => {
  const email = uniqueEmail("esoffer");
  const id = await applyInSpanish(request, email, "Inés");
  const headers = { Authorization: `Bearer ${await apiLogin(request, SUPER.username, SUPER.password)}` };
  for (const to of ["reviewing", "assessment_invited", "assessment_passed", "offered"]) {
    if (to === "assessment_passed") {
      const review = await request.post(`/api/admin/applications/${id}/review`, { data: { meetsCriteria: true, recommendation: "pass", reason: "Meets the criteria" }, headers });
      expect(review.status(), await review.text()).toBe(201);
    }
    const res = await request.post(`/api/admin/applications/${id}/stage`, { data: { to }, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  let token: string | null = null;
  await expect.poll(() => (token = findInEmailTo(email, /\/offer\/([A-Za-z0-9_-]{43})/, /Subject: /)), { timeout: 30_000 }).not.toBeNull();

  await page.goto(`/offer/${token ?? ""}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Tienes un lugar, Inés" })).toBeVisible();
  // The deadline in Spanish words, in her zone.
  await expect(page.getByText(/Responde a más tardar el [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`her-offer-es-${info.project.name}.png`), fullPage: true });

  await page.getByRole("link", { name: "Rechazar el lugar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¿Quieres rechazar tu lugar, Inés?" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  await page.getByRole("button", { name: "Sí, rechazar mi lugar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rechazaste el lugar" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
});

test("her unsubscribe link in Spanish: the page asks in her language and answers in it", async ({ page, request, baseURL }, info) => {
  const email = uniqueEmail("esunsub");
  const res = await request.post("/api/applications", { data: validApplication({ firstName: "Sol", email, marketing_consent: true, preferred_language: "es" }) });
  expect(res.status()).toBe(201);
  let link: string | null = null;
  await expect.poll(() => (link = findInEmailTo(email, /^List-Unsubscribe: <([^>]+)>/m)), { timeout: 20_000 }).not.toBeNull();
  const url = new URL(link ?? "");
  // An English browser: the page follows her record, not the browser.
  await page.setExtraHTTPHeaders({ "Accept-Language": "en-US,en;q=0.9" });
  await page.goto(`${baseURL}${url.pathname}${url.search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "¿Dejar de recibir correos promocionales?" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`her-unsubscribe-es-${info.project.name}.png`), fullPage: true });
  await page.getByRole("button", { name: "Cancelar la suscripción" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancelaste tu suscripción" })).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
});

test("a link that opens nothing speaks the browser's language, and so does asking for a fresh one", async ({ page }) => {
  const forged = await page.goto(`/a/${"A".repeat(48)}`);
  expect(forged?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace no abre ninguna solicitud" })).toBeVisible();
  await page.getByLabel("Tu correo electrónico").fill(uniqueEmail("esfresh"));
  await page.getByRole("button", { name: "Envíenme un enlace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Busca tu solicitud" })).toBeVisible();
  await expect(page.getByText("Si alguna solicitud usa este correo, le enviamos un enlace.")).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  const offer = await page.goto(`/offer/${"x".repeat(43)}`);
  expect(offer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace no es válido" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
