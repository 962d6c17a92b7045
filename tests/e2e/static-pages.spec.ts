/**
 * Public pages built once (ADR 0051): the same bytes for every visitor, a strong ETag with 304s, a
 * policy a CDN may keep, inline scripts allowed by hash (never a nonce). HTTP answers do not depend on
 * the viewport: the desktop project runs this file (playwright.config.ts); ./static-pages-csp.spec.ts
 * checks the policy in a browser at both sizes.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import type { Message } from "#core/i18n/catalogue";
import { EMAIL_ES } from "#core/i18n/email-es";
import { ES } from "#core/i18n/es";
import { PAGE_EN } from "#core/i18n/page-en";
import { SITE_EN } from "#core/i18n/site-en";
import { SITE_ES } from "#core/i18n/site-es";
import { FORM_UI_EN } from "#core/i18n/form-ui-en";
import { FORM_UI_ES } from "#core/i18n/form-ui-es";
import { NOTICE_EN } from "#core/i18n/notice-en";
import { PAGE_ES } from "#core/i18n/page-es";
import { PUBLIC_ROUTES } from "../../scripts/lib/public-routes";

/** Every public route built once: all of the table but the staff sign-in, plus the two files for crawlers. */
const BUILT = [...PUBLIC_ROUTES.filter((path) => path !== "/admin"), "/sitemap.xml", "/robots.txt"];

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = "", body = ""]) => !/\bsrc\s*=/i.test(attributes) && body.length > 0)
    .map(([, , body = ""]) => body);
}

test.describe("public pages built once", () => {
  for (const path of BUILT) {
    test(`${path}: identical for two visitors, cacheable, 304 on its ETag, scripts allowed by hash`, async ({ playwright, baseURL }) => {
      const first = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "User-Agent": "Visitor one", Cookie: "ovella_consent=granted; _fbp=fb.1.1.1", "Sec-GPC": "1" },
      });
      const second = await playwright.request.newContext({
        baseURL,
        // A language we do not have: an English address stays English (a browser preferring Spanish is sent to the
        // page's Spanish address instead, site-language.test.ts).
        extraHTTPHeaders: { "User-Agent": "Visitor two", "Accept-Language": "fr-FR,fr;q=0.9", "X-Forwarded-For": "203.0.113.9" },
      });
      const a = await first.get(path);
      const b = await second.get(path);
      expect(a.status()).toBe(path.endsWith("/no-such-page") ? 404 : 200);
      expect(b.status()).toBe(a.status());
      const bodyA = await a.body();
      expect((await b.body()).equals(bodyA), "the same bytes for both visitors").toBe(true);
      const headersA = a.headers();
      expect(headersA["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
      expect(headersA.vary).toMatch(/Accept-Encoding/i);
      expect(headersA.etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(b.headers().etag).toBe(headersA.etag);
      expect(headersA["set-cookie"]).toBeUndefined();
      expect(b.headers()["content-security-policy"]).toBe(headersA["content-security-policy"]);

      if (a.status() === 200) {
        const again = await second.get(path, { headers: { "If-None-Match": headersA.etag ?? "" } });
        expect(again.status()).toBe(304);
        expect((await again.body()).length).toBe(0);
      }

      // Compressed copies hold the same document.
      const brotli = await first.get(path, { headers: { "Accept-Encoding": "br" } });
      expect(brotli.headers()["content-encoding"]).toBe("br");
      expect((await brotli.body()).equals(bodyA)).toBe(true);

      const policy = headersA["content-security-policy"] ?? "";
      if ((headersA["content-type"] ?? "").startsWith("text/html")) {
        expect(policy).not.toMatch(/nonce-/);
        for (const script of inlineScripts(bodyA.toString("utf8"))) {
          const hash = createHash("sha256").update(script, "utf8").digest("base64");
          expect(policy, "each inline script's hash is in the policy").toContain(`'sha256-${hash}'`);
        }
        expect(bodyA.toString("utf8")).not.toMatch(/\snonce="[^"]+"/);
      }
      await first.dispose();
      await second.dispose();
    });
  }

  test("the staff sign-in and the unsubscribe page stay per request, with their own nonce and no shared caching", async ({ request }) => {
    const admin = await request.get("/admin");
    expect(admin.headers()["cache-control"]).toBe("private, no-cache");
    expect(admin.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    const unsubscribe = await request.get("/unsubscribe?token=forged");
    expect(unsubscribe.headers()["cache-control"]).not.toMatch(/public/);
  });

  test("the health checks and static files are not answered with the built 404", async ({ request }) => {
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
    expect((await request.get("/healthz")).status()).toBe(200);
    const icon = await request.get("/favicon.svg");
    expect(icon.status()).toBe(200);
  });

  test("React Router's own data requests are not answered with the built 404", async ({ request }) => {
    const data = await request.get("/_root.data");
    expect(data.headers()["cache-control"] ?? "").not.toMatch(/public/);
  });
});

/**
 * The modules of the routes only the Spanish site has (its legal documents, ADR 0113), as React Router's manifest names
 * them: loaded by a client-side navigation to a Spanish page, never by an English one.
 */
function spanishOnlyModules(assets: string): Set<string> {
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no route manifest in the build");
  const text = readFileSync(join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { routes: Record<string, { module: string }> };
  const routes = Object.entries(manifest.routes);
  const english = new Set(routes.filter(([id]) => !id.startsWith("es/")).map(([, route]) => route.module));
  return new Set(routes.filter(([id, route]) => id.startsWith("es/") && !english.has(route.module)).map(([, route]) => route.module.replace(/^\/assets\//, "")));
}

test("no browser bundle carries a Spanish catalogue, nor the public site's copy: a page gets them from its loader (ADR 0112, 0113)", () => {
  const assets = join(process.cwd(), "build", "client", "assets");
  const spanishRoutes = spanishOnlyModules(assets);
  // The three Spanish legal documents are modules of their own; every other public route serves both languages.
  expect(spanishRoutes.size).toBe(3);
  const bundles = readdirSync(assets)
    .filter((file) => file.endsWith(".js") && !spanishRoutes.has(file))
    .map((file) => readFileSync(join(assets, file), "utf8"))
    // As the browser reads the strings: a bundler may write "á" as \u00e1 or \xe1.
    .map((code) => code.replace(/\\u\{?([0-9a-fA-F]{2,5})\}?|\\x([0-9a-fA-F]{2})/g, (_, u: string | undefined, x: string | undefined) => String.fromCodePoint(parseInt(u ?? x ?? "0", 16))));
  const spanish = [...Object.values(PAGE_ES), ...Object.values(EMAIL_ES), ...Object.values(ES), ...Object.values(SITE_ES), ...Object.values(FORM_UI_ES)]
    .flatMap((message) => (typeof message === "string" ? [message] : [message.other]))
    .filter((message) => message.length >= 30);
  expect(spanish.length).toBeGreaterThan(100);
  expect(spanish.filter((sentence) => bundles.some((code) => code.includes(sentence)))).toEqual([]);
  // The English pages' catalogue is in them: the check reads the files the browser loads.
  expect(bundles.some((code) => code.includes(PAGE_EN["stand.reviewing.heading"]))).toBe(true);
  // The public site's copy is rendered on the server only, in English too: no bundle carries it (but for the
  // sentences it shares with the catalogues the bundles do carry: her pages', the forms' own and the notices').
  const bundledMessages: Message[] = [...Object.values(PAGE_EN), ...Object.values(FORM_UI_EN), ...Object.values(NOTICE_EN)];
  const bundled = new Set(bundledMessages.filter((message): message is string => typeof message === "string"));
  // The legal pages' frame words are left out: the English documents, modules of their own, name each other.
  const siteCopy = Object.entries(SITE_EN)
    .filter(([key]) => !key.startsWith("legal."))
    .map(([, message]) => message)
    .flatMap((message) => (typeof message === "string" ? [message] : [message.other]))
    .filter((message) => message.length >= 30 && !message.includes("{") && !bundled.has(message));
  expect(siteCopy.length).toBeGreaterThan(50);
  expect(siteCopy.filter((sentence) => bundles.some((code) => code.includes(sentence)))).toEqual([]);
});
