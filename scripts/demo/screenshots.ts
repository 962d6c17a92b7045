/**
 * Full-page screenshots of every public route at phone (390x844) and desktop (1280x800) widths.
 * Starts nothing: point it at a running server with BASE_URL (default http://localhost:3000).
 *   npm run screenshots            → screenshots/<route>-<width>.png
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { facts } from "../../core/brand";
import { chromiumLaunchOptions } from "../lib/chromium";

const BASE_URL = (process.env.BASE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const OUT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? "screenshots");

export const ROUTES = [
  "/",
  "/apply",
  "/about",
  "/contact",
  "/howitworks",
  facts.assessmentPath,
  "/tiktok",
  "/MIT",
  "/thank-you",
  "/privacy-policy",
  "/terms-of-service",
  "/hipaa-notice",
  "/admin",
  "/no-such-page",
];

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

function fileName(route: string, viewport: string) {
  const slug = route === "/" ? "home" : route.replace(/^\//, "").replace(/[^A-Za-z0-9]+/g, "-");
  return `${slug}-${viewport}.png`;
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const only = process.env.ROUTES?.split(",").filter(Boolean);
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      for (const route of only ?? ROUTES) {
        await page.goto(`${BASE_URL}${route}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(OUT_DIR, fileName(route, viewport.name));
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
