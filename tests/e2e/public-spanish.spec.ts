/**
 * The public site in Spanish (ADR 0113), on a phone and a desktop. Every public page has a Spanish twin under `/es` in
 * Spanish (`lang="es"`, no English sentence of the site's, the frame's or the forms' catalogues, axe clean, a screenshot
 * kept at both sizes), and every page in either language names its canonical address and its `hreflang` alternates.
 * A browser set to Spanish is sent to the Spanish page on its first visit, a Spanish link opens in Spanish on an English
 * browser, and the switch's choice is remembered across pages and visits. The forms speak Spanish in the browser: their
 * refusals, their notices, and an application's way to the Spanish thank-you page and a Spanish confirmation email.
 * The pages' tour runs at both sizes; the flows (tagged @phone) on the phone only, where the viewport changes nothing
 * they check (ADR 0114).
 */
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { FORM_UI_EN } from "#core/i18n/form-ui-en";
import { PAGE_EN } from "#core/i18n/page-en";
import { SITE_EN } from "#core/i18n/site-en";
import { TWIN_PATHS, localizedPath } from "#core/i18n/site-paths";
import type { Catalogue } from "#core/i18n/catalogue";
import { CONSENT_STORAGE_KEY } from "../../app/tracking/consent";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, gotoPage, uniqueEmail } from "./public-helpers";

const SPANISH = { locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } };

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The English sentences of the catalogues a public page says (whole messages of three words or more, no placeholder). */
const ENGLISH_SENTENCES: string[] = ([SITE_EN, PAGE_EN, FORM_UI_EN] as Catalogue[])
  .flatMap((catalogue) => Object.values(catalogue))
  .flatMap((message): string[] => (typeof message === "string" ? [message] : [message.other]))
  .filter((message) => !message.includes("{") && message.trim().split(/\s+/).length >= 3);

async function englishLeftOn(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  return ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
}

/** The page's canonical link and its alternates by language, as addresses without the site's origin. */
async function headLinks(page: Page): Promise<{ canonical: string | null; alternates: Record<string, string> }> {
  return page.evaluate(() => {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const alternates: Record<string, string> = {};
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) alternates[link.hreflang] = new URL(link.href).pathname;
    return { canonical: canonical ? new URL(canonical.href).pathname : null, alternates };
  });
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test.describe("a Spanish browser", () => {
  test.use(SPANISH);

  for (const english of TWIN_PATHS) {
    const spanish = localizedPath(english, "es");
    test(`${spanish} is ${english} in Spanish, with its canonical address and hreflang alternates`, async ({ page }, info) => {
      const response = await page.goto(spanish);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(spanish);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      expect(await englishLeftOn(page)).toEqual([]);
      const { canonical, alternates } = await headLinks(page);
      if (english === "/thank-you") {
        // Not to be indexed: no alternates to offer a search engine.
        expect(alternates).toEqual({});
      } else {
        expect(canonical).toBe(spanish);
        expect(alternates).toEqual({ en: english, es: spanish, "x-default": english });
      }
      expect(await axeViolations(page)).toEqual([]);
      // Spanish runs longer: nothing may push the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: info.outputPath(`es${english === "/" ? "-home" : english.replaceAll("/", "-")}-${info.project.name}.png`), fullPage: true });
    });
  }

  test("an address the Spanish site does not have answers its 404 in Spanish", async ({ page }) => {
    const missing = await page.goto("/es/no-existe");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await englishLeftOn(page)).toEqual([]);
  });

  test("her first visit to an English address opens the Spanish page, the campaign's tags kept", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/tiktok?utm_source=tiktok&utm_campaign=otono");
    expect(new URL(page.url()).pathname).toBe("/es/tiktok");
    expect(new URL(page.url()).search).toBe("?utm_source=tiktok&utm_campaign=otono");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("she applies in Spanish: refusals in Spanish, then the Spanish thank-you page and a Spanish confirmation", { tag: "@phone" }, async ({ page }) => {
    await gotoPage(page, "/es/apply");
    const form = page.getByRole("form", { name: "Postúlate al piloto" });
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    const summary = form.getByRole("alert");
    await expect(summary).toContainText("Corrige 7 campos antes de enviar:");
    await expect(summary).toContainText("Nombre: El nombre es obligatorio");
    await expect(form.getByLabel("Nombre")).toBeFocused();
    await expect(form.getByRole("spinbutton", { name: "Edad" })).toHaveAccessibleDescription("La edad es obligatoria");
    expect(await englishLeftOn(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // Outside the US: the countries in Spanish, the value stored as the list has it.
    await form.getByRole("combobox", { name: "Estado", exact: true }).selectOption({ label: "Fuera de EE. UU." });
    const country = form.getByRole("combobox", { name: "País" });
    await country.selectOption({ label: "Alemania" });
    await expect(country).toHaveValue("Germany");
    await form.getByRole("button", { name: "Volver a los estados de EE. UU." }).click();

    const email = uniqueEmail("es-apply");
    await form.getByLabel("Nombre").fill("Lucía");
    await form.getByLabel("Apellido").fill("Hernández");
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByRole("spinbutton", { name: "Edad" }).fill("30");
    await form.getByRole("combobox", { name: "Estado", exact: true }).selectOption("California");
    await form.getByLabel("Código postal (ZIP)").fill("90012");
    await form.getByLabel("Nivel de interés").selectOption("Actively researching");
    await expect(form.getByLabel("Nivel de interés").locator("option:checked")).toHaveText("Estoy investigando activamente");
    await form.getByRole("button", { name: "Enviar solicitud" }).click();

    await expect(page).toHaveURL(/\/es\/thank-you$/);
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por postularte!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notificaciones (F8)" })).toContainText("¡Solicitud enviada!");
    expect(await englishLeftOn(page)).toEqual([]);
    await expect
      .poll(() => findInEmailTo(email, /(Recibimos tu solicitud)/, /Subject: Recibimos tu solicitud/), { timeout: 20_000 })
      .toBe("Recibimos tu solicitud");
  });

  test("she writes from the Spanish contact page and is answered in Spanish", { tag: "@phone" }, async ({ page }) => {
    await gotoPage(page, "/es/contact");
    const form = page.getByRole("form", { name: "Envíanos un mensaje" });
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form.getByLabel("Asunto")).toHaveAccessibleDescription(/obligatori/);
    await form.getByLabel("Nombre").fill("Lucía");
    await form.getByLabel("Apellido").fill("Hernández");
    await form.getByLabel("Correo electrónico").fill(uniqueEmail("es-contact"));
    await form.getByLabel("Motivo del contacto").selectOption("pricing");
    await form.getByLabel("Asunto").fill("Pagos mensuales");
    await form.getByLabel("Mensaje").fill("¿Puedo pagar el programa en mensualidades?");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form.getByRole("status")).toContainText("¡Mensaje enviado!");
    await expect(form.getByRole("status")).toContainText("Te responderemos en un plazo de 24 horas.");
    expect(await englishLeftOn(page)).toEqual([]);
  });
});

test.describe("a Spanish browser that has not answered the consent question", () => {
  test.use(SPANISH);

  test("the consent banner, its remembered answer, the menu's toggle and a notice speak Spanish on a page served without React", { tag: "@phone" }, async ({ page }) => {
    // The answer the other tests start with is taken back before the page runs: the banner asks.
    await page.addInitScript((key) => window.localStorage.removeItem(key), CONSENT_STORAGE_KEY);
    await page.goto("/es/contact");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const banner = page.getByTestId("consent-banner");
    await expect(banner.getByRole("heading", { name: "Tus opciones de privacidad" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/es/privacy-policy");
    await banner.getByRole("button", { name: "Rechazar" }).click();
    await expect(banner).toHaveCount(0);

    await page.getByRole("button", { name: "Opciones de privacidad" }).click();
    await expect(banner.getByText("Tu elección actual: la medición publicitaria está rechazada.")).toBeVisible();
    await banner.getByRole("button", { name: "Cerrar" }).click();
    await expect(banner).toHaveCount(0);

    // A quick action that is not ready yet says so in Spanish (the page script's notice, with the server's words).
    await page.getByRole("button", { name: "Descargar el paquete informativo" }).click();
    await expect(page.getByRole("region", { name: "Notificaciones (F8)" })).toContainText("Nuestro paquete informativo está en camino");

    const toggle = page.getByRole("button", { name: "Abrir el menú" });
    if (await toggle.isVisible()) {
      await toggle.click();
      await expect(page.getByRole("button", { name: "Cerrar el menú" })).toBeVisible();
      await page.keyboard.press("Escape");
    }
    expect(await englishLeftOn(page)).toEqual([]);
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" } });

  test("every English page names itself canonical and its Spanish twin", { tag: "@phone" }, async ({ page }) => {
    for (const english of TWIN_PATHS.filter((path) => path !== "/thank-you")) {
      await page.goto(english);
      expect(new URL(page.url()).pathname, english).toBe(english);
      await expect(page.locator("html"), english).toHaveAttribute("lang", "en");
      expect(await headLinks(page), english).toEqual({
        canonical: english,
        alternates: { en: english, es: localizedPath(english, "es"), "x-default": english },
      });
    }
  });

  test("a shared Spanish link opens in Spanish; the switch's choice is remembered across pages and visits", { tag: "@phone" }, async ({ page, browser }) => {
    await page.goto("/es/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await gotoPage(page, "/apply");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es\/apply$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // An English address now follows her choice, not her browser.
    await page.goto("/contact");
    expect(new URL(page.url()).pathname).toBe("/es/contact");
    // A later visit in the same browser: the choice is kept.
    const later = await page.context().newPage();
    await later.goto("/");
    expect(new URL(later.url()).pathname).toBe("/es");
    await later.getByRole("link", { name: "English" }).click();
    await expect(later).toHaveURL(/\/$/);
    await expect(later.locator("html")).toHaveAttribute("lang", "en");
    await later.goto("/about");
    expect(new URL(later.url()).pathname).toBe("/about");
    await expect(await freshVisit(browser, "/about")).toBe("/about");
  });
});

/** Where a browser with nothing remembered and an English language lands. */
async function freshVisit(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext({ locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL ?? ""}${path}`);
    return new URL(page.url()).pathname;
  } finally {
    await context.close();
  }
}
