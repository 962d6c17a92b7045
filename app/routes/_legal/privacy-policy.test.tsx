/**
 * The Privacy Policy's retention section states whatever periods are configured, and the env defaults; the Spanish
 * translation (ADR 0113) states the same periods, keeps the English page's sections and anchors, and says that the
 * English version governs.
 */
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { brand } from "#core/brand";
import type { Language } from "#core/i18n/languages";
import { SITE_EN } from "#core/i18n/site-en";
import { SITE_ES } from "#core/i18n/site-es";
import { describeDays, type RetentionPeriods } from "#core/privacy";
import { SiteWordsProvider } from "~/lib/site-words";
import { readEnv } from "../../../server/config/env";
import { retentionPolicyFromEnv } from "../../../server/services/privacy/config";
import PrivacyPolicyEs, { DataRetention as DataRetentionEs, describeDaysEs } from "./es/privacy-policy";
import PrivacyPolicy, { DataRetention } from "./privacy-policy";

function statedDays(html: string, kind: string): string | undefined {
  return new RegExp(`data-retention="${kind}">([^<]+)<`).exec(html)?.[1];
}

describe("Privacy Policy retention periods", () => {
  it("states the configured periods, not fixed text", () => {
    const env = readEnv({ RETENTION_DAYS_APPLICATIONS: "400", RETENTION_DAYS_MESSAGES: "90", RETENTION_DAYS_AUDIT: "1460" });
    const html = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(env)} />);
    expect(statedDays(html, "applications")).toBe("400 days");
    expect(statedDays(html, "messages")).toBe("90 days");
    expect(statedDays(html, "audit")).toBe("1460 days (4 years)");
  });

  it("states the defaults when nothing is configured", () => {
    const env = readEnv({});
    const html = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(env)} />);
    expect(statedDays(html, "applications")).toBe(describeDays(env.RETENTION_DAYS_APPLICATIONS));
    expect(statedDays(html, "applications")).toBe("730 days (2 years)");
    expect(statedDays(html, "messages")).toBe("365 days (1 year)");
    expect(statedDays(html, "audit")).toBe("2190 days (6 years)");
  });

  it("states how long a backup from before a deletion may remain: BACKUP_KEEP backups of BACKUP_EVERY_HOURS", () => {
    const key = "ab".repeat(32);
    const daily = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(readEnv({ BACKUP_DIR: "/tmp/b", BACKUP_KEY: key }))} />);
    expect(statedDays(daily, "backups")).toMatch(/cleared from our database.{1,8}s files at once.*gone within 7 days\. If a backup is ever restored/);
    const twelve = readEnv({ BACKUP_DIR: "/tmp/b", BACKUP_KEY: key, BACKUP_KEEP: "5", BACKUP_EVERY_HOURS: "12" });
    expect(statedDays(renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(twelve)} />), "backups")).toMatch(/within 3 days/);
    const none = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(readEnv({}))} />);
    expect(statedDays(none, "backups")).toMatch(/never later than the periods above/);
  });

  it("refuses retention settings that would break the policy's promises", () => {
    expect(() => readEnv({ RETENTION_DAYS_AUDIT: "100" })).toThrow("RETENTION_DAYS_AUDIT: must be at least 730 days");
    expect(() => readEnv({ RETENTION_DAYS_APPLICATIONS: "soon" })).toThrow("RETENTION_DAYS_APPLICATIONS: must be a whole number of days");
    expect(() => readEnv({ PRIVACY_HASH_SECRET: "short" })).toThrow("PRIVACY_HASH_SECRET: must be at least 32 characters");
  });
});

/** A whole legal page as the server renders it: its loader's retention, its words in its language. */
async function renderPage(Page: ComponentType, path: string, language: Language, retention: RetentionPeriods): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path, loader: () => ({ retention }), Component: Page }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <SiteWordsProvider language={language} messages={language === "es" ? SITE_ES : SITE_EN}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </SiteWordsProvider>,
  );
}

const dateLine = (html: string) => /data-testid="legal-date">(.*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
const sectionIds = (html: string) => [...html.matchAll(/<section id="([^"]+)"/g)].map((match) => match[1]);

describe("the Privacy Policy in Spanish", () => {
  const retention = retentionPolicyFromEnv(readEnv({}));

  it("states the configured periods in Spanish", () => {
    const env = readEnv({ RETENTION_DAYS_APPLICATIONS: "400", RETENTION_DAYS_MESSAGES: "90", RETENTION_DAYS_AUDIT: "1460" });
    const html = renderToStaticMarkup(<DataRetentionEs retention={retentionPolicyFromEnv(env)} />);
    expect(statedDays(html, "applications")).toBe("400 días");
    expect(statedDays(html, "messages")).toBe("90 días");
    expect(statedDays(html, "audit")).toBe("1460 días (4 años)");
    expect(describeDaysEs(365)).toBe("365 días (1 año)");
    expect(describeDaysEs(1)).toBe("1 día");
    const daily = readEnv({ BACKUP_DIR: "/tmp/b", BACKUP_KEY: "ab".repeat(32) });
    expect(statedDays(renderToStaticMarkup(<DataRetentionEs retention={retentionPolicyFromEnv(daily)} />), "backups")).toMatch(/desaparecen en un plazo de 7 días\. Si alguna vez/);
    expect(statedDays(renderToStaticMarkup(<DataRetentionEs retention={retention} />), "backups")).toMatch(/nunca después de los plazos indicados arriba/);
  });

  it("has the English page's sections, in order, with the same anchors", async () => {
    const english = await renderPage(PrivacyPolicy, "/privacy-policy", "en", retention);
    const spanish = await renderPage(PrivacyPolicyEs, "/es/privacy-policy", "es", retention);
    expect(sectionIds(english)).toHaveLength(14);
    expect(sectionIds(spanish)).toEqual(sectionIds(english));
    expect(spanish).toContain("Política de Privacidad");
    expect(spanish).toContain("En esta página");
    expect(spanish).toContain(`Menores de ${brand.pilot.minAge} años`);
    expect(spanish).not.toContain("On this page");
  });

  it("opens with the note that the English version governs, linking to it", async () => {
    const spanish = await renderPage(PrivacyPolicyEs, "/es/privacy-policy", "es", retention);
    const note = /<p data-testid="governing-language-note">(.*?)<\/p>/.exec(spanish)?.[1] ?? "";
    expect(note).toContain("prevalece la versión en inglés");
    expect(note).toMatch(/<a hrefLang="en"[^>]* href="\/privacy-policy"/);
    expect(spanish.indexOf("governing-language-note")).toBeLessThan(spanish.indexOf('id="toc-heading"'));
    expect(spanish).toContain('href="/es/hipaa-notice"');
    expect(spanish).not.toContain('href="/hipaa-notice"');
  });

  it("writes the date in the page's language, and the English page as before", async () => {
    const english = await renderPage(PrivacyPolicy, "/privacy-policy", "en", retention);
    const spanish = await renderPage(PrivacyPolicyEs, "/es/privacy-policy", "es", retention);
    expect(brand.legal.policiesUpdated).toBe("2025-08-15");
    expect(dateLine(english)).toBe("Last updated: August 15, 2025");
    expect(dateLine(spanish)).toBe("Última actualización: 15 de agosto de 2025");
    expect(english).toContain("On this page");
    expect(english).not.toContain("governing-language-note");
  });
});
