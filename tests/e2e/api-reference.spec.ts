/**
 * The API reference page (/api/docs, ADR 0070) in a browser: the renderer served from this origin lists
 * every operation of /api/openapi.json and every webhook event, under its policy without one violation,
 * and passes axe.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, Record<string, unknown>>;
}

test("the API reference lists every operation and webhook event, with no CSP violation and no axe finding", async ({ page, request }) => {
  // A large document rendered in the browser and checked whole by axe: over a minute on a shared machine.
  test.slow();
  const openapi = (await (await request.get("/api/openapi.json")).json()) as OpenApiDocument;
  const operations = Object.entries(openapi.paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
  const events = Object.keys(openapi.webhooks);
  expect(events).toContain("application.created");

  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto("/api/docs");
  // The renderer builds the whole reference in the browser after its script loads: on a loaded machine the
  // first heading took longer than the usual 7 s wait (the page had loaded, nothing had failed).
  await expect(page.getByRole("heading", { name: /Ovella API/ }).first()).toBeVisible({ timeout: 30_000 });

  // One operation as a reader sees it: method and path side by side.
  const submit = page.locator(".opblock-post", { has: page.locator('[data-path="/api/applications"]') }).first();
  await expect(submit).toBeVisible();
  await expect(submit.locator(".opblock-summary-method")).toHaveText("POST");

  // Every operation and every webhook event of the document is on the page.
  const shown = await page.locator(".opblock").evaluateAll((blocks) =>
    blocks.map((block) => {
      const method = block.querySelector(".opblock-summary-method")?.textContent?.trim().toLowerCase() ?? "";
      const path = block.querySelector("[data-path]")?.getAttribute("data-path") ?? "";
      return `${method} ${path}`;
    }),
  );
  for (const { method, path } of operations) expect(shown, `${method.toUpperCase()} ${path}`).toContain(`${method} ${path}`);
  const webhooks = page.locator(".webhooks");
  await expect(webhooks).toBeVisible();
  for (const event of events) await expect(webhooks.locator(`[data-path="${event}"]`).first(), event).toBeAttached();
  await expect(webhooks.getByText("application.stage_changed", { exact: true }).first()).toBeVisible();

  // Opening an operation shows its body and answers (the renderer works, not just its list).
  await submit.locator(".opblock-summary-control").click();
  await expect(submit.locator(".responses-table").first()).toBeVisible();

  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
