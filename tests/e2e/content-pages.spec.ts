import { expect, test, type Page } from "@playwright/test";
import { brand, facts } from "#core/brand";
import { formatCalendarDay as formatLegalDate } from "../../core/time";
import { blockThirdParties, gotoPage } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

const PRIVACY_SECTIONS = [
  "Introduction",
  "Information We Collect",
  "How We Use Information",
  "How We Share Information",
  "HIPAA",
  "Security",
  "Your Rights",
  "Cookies and Similar Technologies",
  "Third-Party Services",
  "Data Retention",
  "International Transfers",
  "Children Under 18",
  "Changes to This Policy",
  "Contact Us",
];

const TERMS_SECTIONS = [
  "The Pilot Program",
  "Eligibility",
  "Program Terms May Change Before Launch",
  "Baby Guarantee: Coverage and Limitations",
  "Your Responsibilities",
  "Prohibited Activities",
  "Payment and Refunds",
  "Intellectual Property",
  "Medical Disclaimer",
  "Limitation of Liability",
  "Binding Arbitration and Class Action Waiver",
  "Termination",
  "Changes to These Terms",
  "Governing Law",
  "Severability",
  "Contact",
];

const numbered = (titles: string[]) => titles.map((title, i) => `${i + 1}. ${title}`);

async function sectionHeadings(page: Page) {
  return page.locator("section[data-legal-section] > h2").allInnerTexts();
}

async function expectBackToHome(page: Page) {
  const link = page.getByRole("link", { name: "Back to Home" }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/");
}

/** The table of contents lists every section, in order, and each entry points at that section's anchor. */
async function expectTableOfContents(page: Page, titles: string[]) {
  const toc = page.getByRole("navigation", { name: "On this page" });
  const links = toc.getByRole("link");
  await expect(links).toHaveCount(titles.length);
  expect((await links.allTextContents()).map((t) => t.trim())).toEqual(numbered(titles));
  const ids = await page.locator("section[data-legal-section]").evaluateAll((sections) => sections.map((s) => s.id));
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(ids.map((id) => `#${id}`));
}

async function expectLegalDate(page: Page, label: string, isoDate: string) {
  const line = page.getByTestId("legal-date");
  await expect(line).toHaveText(`${label}: ${formatLegalDate(isoDate)}`);
  await expect(line.locator("time")).toHaveAttribute("datetime", isoDate);
}

test("the legal dates of the configuration are the specification's", () => {
  expect(formatLegalDate(brand.legal.policiesUpdated)).toBe("August 15, 2025");
  expect(formatLegalDate(brand.legal.hipaaEffective)).toBe("January 15, 2025");
});

test("the Privacy Policy has its 14 numbered sections, its date from the configuration, and says what tracking does", async ({ page }) => {
  await gotoPage(page, "/privacy-policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page).toHaveTitle(`Privacy Policy | ${brand.name}`);
  await expectLegalDate(page, "Last updated", brand.legal.policiesUpdated);
  expect(await sectionHeadings(page)).toEqual(numbered(PRIVACY_SECTIONS));
  await expectTableOfContents(page, PRIVACY_SECTIONS);

  const main = page.locator("main");
  // Consent: opt-in only, GPC honoured, choices changeable in the footer.
  await expect(main).toContainText("Global Privacy Control");
  await expect(main).toContainText("only if you opt in");
  await expect(main).toContainText("Privacy choices");
  await expect(main).toContainText("_fbp");
  await expect(main).toContainText("_fbc");
  await expect(main).toContainText("your browser is never asked for your location");
  await expect(main).toContainText("We do not sell your personal information");
  // What the pixel may and may not receive.
  await expect(main).toContainText("your email address, first name, last name and state");
  await expect(main).toContainText(
    "The pixel never receives your age, interest level, your written answers, your zip code or your phone number",
  );
  // First-party attribution stays on our server.
  for (const text of ["UTM source, medium and campaign", "browser’s language", "time zone", "never sent to advertisers"]) {
    await expect(main).toContainText(text);
  }
  // The form fields the product collects.
  for (const text of ["your age;", "your zip code;", "your phone number, if you choose to give it", "marketing emails"]) {
    await expect(main).toContainText(text);
  }
  // Rights, security and retention as the product implements them.
  for (const text of ["CCPA/CPRA", "CMIA", "My Health My Data", "audit log", "Argon2id", "HTTPS", "within 30 days"]) {
    await expect(main).toContainText(text);
  }
  await expect(main).toContainText(`at least ${brand.pilot.minAge} years old`);
  // Contact: privacy officer, mailbox and the company's address from the configuration.
  const contact = page.locator("#contact-us");
  await expect(contact).toContainText("Privacy Officer");
  await expect(contact).toContainText(brand.legal.entity);
  await expect(contact).toContainText(brand.legal.address.street);
  await expect(contact.getByRole("link", { name: brand.contact.privacy })).toHaveAttribute(
    "href",
    `mailto:${brand.contact.privacy}`,
  );
  await expect(main).toContainText(brand.legal.incorporation);
  await expectBackToHome(page);
});

test("a table-of-contents link brings its section into view", async ({ page }) => {
  await gotoPage(page, "/privacy-policy");
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "10. Data Retention" }).click();
  await expect(page).toHaveURL(/#data-retention$/);
  await expect(page.getByRole("heading", { level: 2, name: "10. Data Retention" })).toBeInViewport();
});

test("the Terms of Service have 16 numbered sections with the pilot facts, the liability cap, arbitration and the governing-law placeholder", async ({ page }) => {
  await gotoPage(page, "/terms-of-service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page).toHaveTitle(`Terms of Service | ${brand.name}`);
  await expectLegalDate(page, "Last updated", brand.legal.policiesUpdated);
  expect(await sectionHeadings(page)).toEqual(numbered(TERMS_SECTIONS));
  await expectTableOfContents(page, TERMS_SECTIONS);

  const main = page.locator("main");
  await expect(main).toContainText(`at least ${brand.pilot.minAge} years old`);
  await expect(main).toContainText(`open to a limited number of women under ${brand.pilot.maxAge} who live in ${facts.cities}`);
  await expect(main).toContainText("priority waitlist");
  await expect(main).toContainText(`${facts.price} instead of the regular ${facts.regularPrice}`);
  await expect(main).toContainText(/cash or with funds from a flexible spending account \(FSA\) or health savings account \(HSA\)/);
  await expect(main).toContainText(`${facts.storage} for your frozen eggs (a value of ${facts.storageValue})`);
  await expect(main).toContainText("not medical advice");
  await expect(main).toContainText(`Call ${brand.contact.emergencyNumber}`);
  await expect(main).toContainText("twelve (12) months");
  await expect(main).toContainText(/binding individual arbitration/);
  await expect(main).toContainText(/class action/);
  const governingLaw = page.getByTestId("governing-law");
  await expect(governingLaw).toContainText(brand.legal.governingLaw);
  await expect(governingLaw).toContainText(/to be confirmed/i);
  await expect(page.locator("#contact").getByRole("link", { name: brand.contact.legal })).toHaveAttribute(
    "href",
    `mailto:${brand.contact.legal}`,
  );
  await expectBackToHome(page);
});

test("the HIPAA Notice is effective from the configured date and lists uses, rights, complaints and business associates", async ({ page }) => {
  await gotoPage(page, "/hipaa-notice");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("HIPAA Notice of Privacy Practices");
  await expect(page).toHaveTitle(`HIPAA Notice of Privacy Practices | ${brand.name}`);
  await expectLegalDate(page, "Effective", brand.legal.hipaaEffective);
  const headings = await sectionHeadings(page);
  expect(headings.length).toBeGreaterThanOrEqual(8);
  const titles = headings.map((h) => h.replace(/^\d+\. /, ""));
  await expectTableOfContents(page, titles);
  const main = page.locator("main");
  for (const text of [
    /protected health information/i,
    /Treatment\./,
    /Payment\./,
    /Health care operations\./,
    /As required by law\./,
    /Public health\./,
    /Health oversight\./,
    /Judicial and administrative proceedings\./,
    /Law enforcement\./,
    /To avoid a serious threat\./,
    /Marketing\./,
    /Sale of PHI\./,
    /Psychotherapy notes\./,
    /Access\./,
    /Amendment\./,
    /Accounting of disclosures\./,
    /Restrictions\./,
    /Confidential communications\./,
    /Paper copy of this notice\./,
    /written request to our Privacy Officer/,
    /Department of Health and Human Services Office for Civil Rights/,
    /will not retaliate/,
    /Business Associates/,
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main).toContainText(brand.contact.privacy);
  await expectBackToHome(page);
});

test("the legal pages and About are in the first HTML response, readable without JavaScript", async ({ request }) => {
  const expected: [string, number][] = [
    ["/privacy-policy", PRIVACY_SECTIONS.length],
    ["/terms-of-service", TERMS_SECTIONS.length],
  ];
  for (const [path, count] of expected) {
    const html = await (await request.get(path)).text();
    expect(html.match(/data-legal-section/g) ?? [], path).toHaveLength(count);
  }
  const about = await (await request.get("/about")).text();
  for (const value of ["Empowerment First", "Transparency Always", "Science + Compassion", "Shared Responsibility"]) {
    expect(about).toContain(value);
  }
});

test("the About page shows mission, story, the four values, differentiators, the four-person team with profile links, and the two buttons", async ({ page }) => {
  await gotoPage(page, "/about");
  await expect(page).toHaveTitle(`About Us | ${brand.name}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /mission/);
  const main = page.locator("main");
  for (const heading of ["Our mission", "Our story", "Our values", "What makes us different", "Leadership team"]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const values = main.getByTestId("value-card").getByRole("heading", { level: 3 });
  expect(await values.allInnerTexts()).toEqual([
    "Empowerment First",
    "Transparency Always",
    "Science + Compassion",
    "Shared Responsibility",
  ]);
  await expect(main).toContainText(`spoke with ${brand.pilot.womenInterviewed} women`);
  await expect(main).toContainText(`${facts.storage}, ${facts.storageValue} in value`);

  const members = main.getByTestId("team-member");
  await expect(members).toHaveCount(4);
  for (const [i, member] of brand.team.entries()) {
    const card = members.nth(i);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(member.name);
    await expect(card).toContainText(member.role);
    // Our own initials artwork, never a photo.
    await expect(card.getByTestId("initials-avatar")).toContainText(member.initials);
    await expect(card.locator("img")).toHaveCount(0);
    const profile = card.getByRole("link", { name: `View profile of ${member.name} (opens in a new tab)` });
    await expect(profile).toHaveAttribute("href", member.profileUrl);
    await expect(profile).toHaveAttribute("target", "_blank");
    await expect(profile).toHaveAttribute("rel", /noopener/);
    await expect(profile).toHaveAttribute("rel", /noreferrer/);
  }
  await expect(main.getByRole("link", { name: "Apply for the Pilot" })).toHaveAttribute("href", "/#apply");
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expectBackToHome(page);
});

test("the About page's Contact Us button opens the contact page", async ({ page }) => {
  await gotoPage(page, "/about");
  await page.locator("main").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("no content page mentions the wrong storage offer", async ({ page }) => {
  for (const path of ["/about", "/privacy-policy", "/terms-of-service", "/hipaa-notice"]) {
    await gotoPage(page, path);
    const text = await page.locator("body").innerText();
    expect(text, path).not.toMatch(/3 years|\$3,000/i);
  }
});
