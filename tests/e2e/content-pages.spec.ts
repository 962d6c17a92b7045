import { expect, test, type Page } from "@playwright/test";
import { brand } from "#core/brand";
import { blockThirdParties, gotoPage } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

async function sectionHeadings(page: Page) {
  return page.locator("section[data-legal-section] > h2").allInnerTexts();
}

async function expectBackToHome(page: Page) {
  const link = page.getByRole("link", { name: "Back to Home" }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/");
}

test("the Privacy Policy has 14 numbered sections, its date from the configuration, and says what tracking does", async ({ page }) => {
  await gotoPage(page, "/privacy-policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByTestId("legal-date")).toHaveText("Last updated: August 15, 2025");
  const headings = await sectionHeadings(page);
  expect(headings).toHaveLength(14);
  expect(headings.map((h) => h.split(".")[0])).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1)));
  expect(headings[0]).toBe("1. Introduction");
  expect(headings[13]).toBe("14. Contact Us");
  const main = page.locator("main");
  await expect(main).toContainText("Global Privacy Control");
  await expect(main).toContainText(/opt in|accept/i);
  await expect(main).toContainText(brand.contact.privacy);
  // Every table-of-contents entry points at a section that exists.
  const targets = await page.locator('nav[aria-labelledby="toc-heading"] a').evaluateAll((links) =>
    links.map((a) => a.getAttribute("href")),
  );
  expect(targets).toHaveLength(14);
  for (const href of targets) await expect(page.locator(String(href))).toHaveCount(1);
  await expectBackToHome(page);
});

test("the Terms of Service have 16 numbered sections with the liability cap, arbitration and the governing-law placeholder", async ({ page }) => {
  await gotoPage(page, "/terms-of-service");
  await expect(page.getByTestId("legal-date")).toHaveText("Last updated: August 15, 2025");
  const headings = await sectionHeadings(page);
  expect(headings).toHaveLength(16);
  const main = page.locator("main");
  await expect(main).toContainText(/twelve \(12\) months|twelve months|12 months/i);
  await expect(main).toContainText(/arbitration/i);
  await expect(main).toContainText(/class action/i);
  await expect(main).toContainText(brand.legal.governingLaw);
  await expect(main).toContainText(brand.contact.legal);
  await expectBackToHome(page);
});

test("the HIPAA Notice is effective January 15, 2025 and lists the patient rights and complaints route", async ({ page }) => {
  await gotoPage(page, "/hipaa-notice");
  await expect(page.getByTestId("legal-date")).toHaveText("Effective: January 15, 2025");
  const main = page.locator("main");
  for (const text of [
    /protected health information/i,
    /treatment/i,
    /payment/i,
    /health care operations/i,
    /amend/i,
    /accounting of disclosures/i,
    /confidential communications/i,
    /paper copy/i,
    /Department of Health and Human Services/i,
    /Business Associates/i,
  ]) {
    await expect(main).toContainText(text);
  }
  await expectBackToHome(page);
});

test("the About page shows the four values, the four-person team with profile links, and the two buttons", async ({ page }) => {
  await gotoPage(page, "/about");
  const main = page.locator("main");
  for (const value of ["Empowerment First", "Transparency Always", "Science + Compassion", "Shared Responsibility"]) {
    await expect(main.getByRole("heading", { name: value })).toBeVisible();
  }
  for (const member of brand.team) {
    await expect(main.getByText(member.name).first()).toBeVisible();
    const profile = main.getByRole("link", { name: `View profile of ${member.name} (opens in a new tab)` });
    await expect(profile).toHaveAttribute("href", member.profileUrl);
    await expect(profile).toHaveAttribute("target", "_blank");
    await expect(profile).toHaveAttribute("rel", /noopener/);
  }
  await expect(main.getByRole("link", { name: "Apply for the Pilot" })).toHaveAttribute("href", "/#apply");
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expect(main).toContainText("75+");
  await expectBackToHome(page);
});

test("no content page mentions the wrong storage offer", async ({ page }) => {
  for (const path of ["/about", "/privacy-policy", "/terms-of-service", "/hipaa-notice"]) {
    await gotoPage(page, path);
    const text = await page.locator("body").innerText();
    expect(text, path).not.toMatch(/3 years|\$3,000/i);
  }
});
