/**
 * The pilot's selection as staff and the applicant meet it, on desktop and phone: the record page's
 * stage control, timeline and notes; then the offer email's link (.eml files, since the test server has
 * no SMTP_URL): GET shows the offer and changes nothing, Decline asks once more, Accept works without
 * JavaScript, a second answer and a forged link get their own pages; an offer resent from the record page after
 * an address correction reaches the new address, and the old link says so. Each screen is checked with axe.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { apiLogin, filterByLastName, signIn, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";


async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function apply(request: APIRequestContext, email: string, firstName: string): Promise<string> {
  const res = await request.post("/api/applications", { data: validApplication({ firstName, lastName: "Selection", email }) });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The /offer/<token> path of the offer email written for `email`. */
/** Moves her through the stages by the API, a pass out of the assessment reviewed first (ADR 0101). */
async function moveThrough(request: APIRequestContext, headers: Record<string, string>, id: string, stages: string[]): Promise<void> {
  for (const to of stages) {
    if (to === "assessment_passed") {
      const review = await request.post(`/api/admin/applications/${id}/review`, { data: { meetsCriteria: true, recommendation: "pass", reason: "Meets the criteria" }, headers });
      expect(review.status(), await review.text()).toBe(201);
    }
    const res = await request.post(`/api/admin/applications/${id}/stage`, { data: { to }, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

function offerPathFor(email: string): string | null {
  const token = findInEmailTo(email, /\/offer\/([A-Za-z0-9_-]{43})/, /Subject: A place in the/);
  return token ? `/offer/${token}` : null;
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("the record page moves an application, shows its timeline and keeps notes", { tag: "@engine" }, async ({ page, request }) => {
  const email = uniqueEmail("stage");
  const id = await apply(request, email, "Noor");
  await signIn(page, SUPER.username, SUPER.password);
  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Selection" })).toBeVisible();
  await expect(page.getByText("Meets the pilot's criteria")).toBeVisible();
  await expect(page.getByText("No moves yet: the application is new.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Only the table's moves are offered.
  const options = await page.getByLabel("Move to").locator("option").allTextContents();
  expect(options).toEqual(["Choose a stage", "Reviewing", "Assessment invited", "Withdrawn"]);
  await page.getByLabel("Move to").selectOption("reviewing");
  await page.getByLabel("Reason (optional)").fill("First look");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("New → Reviewing")).toBeVisible();
  await expect(timeline.getByText("First look")).toBeVisible();
  await expect(page.getByLabel("Move to").locator("option")).toHaveText(["Choose a stage", "Assessment invited", "Not eligible", "Waitlisted", "Withdrawn"]);

  await page.getByLabel("Add a note").fill("Asked about LA clinic hours");
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText("Asked about LA clinic hours")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/pipeline-record-${test.info().project.name}.png`, fullPage: true });
});

test("the selection board shows the place meter and a column per stage, and moves a card by keyboard", { tag: "@engine" }, async ({ page, request }) => {
  const email = uniqueEmail("board");
  const firstName = `Zara${uniqueTag()}`;
  const name = `${firstName} Selection`;
  const id = await apply(request, email, firstName);
  await signIn(page, SUPER.username, SUPER.password);
  await page.goto("/admin?tab=selection");
  await expect(page.getByRole("heading", { level: 2, name: "Selection board" })).toBeVisible();
  await expect(page.getByText(/^\d+ of 20 places taken$/)).toBeVisible();
  // The meter states the free places and draws only the taken share (read at one moment: other tests take places).
  const meter = page.getByRole("meter", { name: /of 20 places taken/ });
  await expect(meter).toHaveAttribute("aria-valuetext", /^\d+ of 20 places taken, \d+ free$/);
  const reading = await page.evaluate(() => {
    const element = document.querySelector("meter") as HTMLMeterElement;
    const bar = document.querySelector('[data-testid="place-meter-bar"]') as HTMLElement;
    const fill = bar.firstElementChild as HTMLElement;
    return { value: element.value, max: element.max, text: element.getAttribute("aria-valuetext"), drawn: fill.getBoundingClientRect().width / bar.getBoundingClientRect().width };
  });
  expect(reading.max).toBe(20);
  expect(reading.text).toBe(`${reading.value} of 20 places taken, ${20 - reading.value} free`);
  expect(Math.abs(reading.drawn - reading.value / 20)).toBeLessThan(0.05);
  for (const label of ["New", "Reviewing", "Offered", "Waitlisted"]) {
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${label}`) })).toBeVisible();
  }
  const column = page.getByRole("region", { name: /^New/ });
  await expect(column.getByRole("link", { name })).toBeVisible();
  const select = column.getByLabel(`Move ${name} to`);
  await select.focus();
  await select.selectOption("reviewing");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: /^Reviewing/ }).getByRole("link", { name })).toBeVisible();
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const record = await request.get(`/api/admin/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await record.json()) as { stage: string }).stage).toBe("reviewing");
  expect(await axeViolations(page)).toEqual([]);
});

test("a super admin moves a waitlisted applicant up the waitlist from her record page", { tag: "@engine" }, async ({ page, request }) => {
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const headers = { Authorization: `Bearer ${token}` };
  const waitlist = async (id: string) => {
    for (const to of ["reviewing", "waitlisted"]) {
      const res = await request.post(`/api/admin/applications/${id}/stage`, { headers, data: { to } });
      expect(res.status(), await res.text()).toBe(200);
    }
  };
  const position = async (id: string) =>
    ((await (await request.get(`/api/admin/applications/${id}`, { headers })).json()) as { waitlistPosition: number }).waitlistPosition;
  const first = await apply(request, uniqueEmail("waitfirst"), "Ada");
  const second = await apply(request, uniqueEmail("waitsecond"), "Bea");
  await waitlist(first);
  await waitlist(second);
  expect(await position(second)).toBeGreaterThan(await position(first));

  await signIn(page, SUPER.username, SUPER.password);
  await page.goto(`/admin/applications/${second}`);
  await expect(page.getByText("Waitlist position")).toBeVisible();
  await page.getByRole("button", { name: "Move up the waitlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Now number \d+ on the waitlist\.$/ })).toBeVisible();
  expect(await position(second)).toBeLessThan(await position(first));
  expect(await axeViolations(page)).toEqual([]);
  await page.getByText("Waitlist position").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/pipeline-waitlist-${test.info().project.name}.png` });
});

test("a bulk invite on the filtered applications confirms the count and its email, reports what it did, and is undone whole", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const ids: string[] = [];
  const emails: string[] = [];
  for (const firstName of ["Ayla", "Bea"]) {
    emails.push(uniqueEmail("bulk"));
    const res = await request.post("/api/applications", { data: validApplication({ firstName, lastName: `Bulk${tag}`, email: emails.at(-1) }) });
    const { id } = (await res.json()) as { id: string };
    ids.push(id);
    const moved = await request.post(`/api/admin/applications/${id}/stage`, { data: { to: "reviewing" }, headers: { Authorization: `Bearer ${token}` } });
    expect(moved.status()).toBe(200);
  }
  await signIn(page, SUPER.username, SUPER.password);
  await filterByLastName(page, "applications", `Bulk${tag}`);
  const bulk = page.getByRole("region", { name: "Bulk action on the applications shown" });
  await bulk.getByLabel("Action").selectOption("invite");
  await bulk.getByRole("button", { name: "Apply to 2 applications" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Invite 2 applications to the assessment?" });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expect(dialog).toContainText("Each one moved is sent the assessment invitation");
  await dialog.getByRole("button", { name: "Yes, 2 applications" }).click();
  await expect(bulk.getByRole("status")).toHaveText("Done for 2 applications.");

  // Their invitations wait in the outbox for the undo window (MOVE_UNDO_SECONDS, 8 s here): nothing slow, such as an
  // accessibility scan, runs inside it. The done state is scanned in the ticked rows' test below.
  expect(await invitationsQueued(request, token, ids)).toBe(2);

  // The invitation was a mistake: Undo takes the whole action back before any invitation goes. It says how long
  // the emails still wait.
  await expect(bulk.getByText(/^Their emails wait \d+ more seconds?\.$/)).toBeVisible();
  await bulk.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/pipeline-bulk-undo-${test.info().project.name}.png` });
  await bulk.getByRole("button", { name: "Undo this action (2 applications)" }).click();
  await expect(bulk.getByRole("status")).toHaveText("Undone for 2 applications: back where they were, their emails not sent.");
  for (const id of ids) {
    const record = await request.get(`/api/admin/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await record.json()) as { stage: string }).stage).toBe("reviewing");
  }
  expect(await invitationsQueued(request, token, ids)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});

/** How many assessment invitations to these applications the outbox holds (super admins' Outbox list). */
async function invitationsQueued(request: APIRequestContext, token: string, ids: string[]): Promise<number> {
  const res = await request.get("/api/outbox", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { kind: string; application_id: string | null }[] };
  return items.filter((item) => item.kind === "assessment_invitation" && ids.includes(item.application_id ?? "")).length;
}

/** Letters for the i-th applicant of a test (names take letters only): 0 → "a", 26 → "ba". */
function letters(i: number): string {
  let out = "";
  let n = i;
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

test("a bulk invite on ticked rows moves exactly those, ticks kept across pages and dropped on new filters", { tag: "@engine" }, async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const lastName = `Pick${tag}`;
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const headers = { Authorization: `Bearer ${token}` };
  // 51 applicants in review: one more than the first page holds (50), so one is on page 2.
  const ids: string[] = [];
  for (let i = 0; i < 51; i++) {
    const res = await request.post("/api/applications", {
      data: validApplication({ firstName: `Cand${letters(i)}`, lastName, email: uniqueEmail(`pick${i}`) }),
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async (id) => {
        const moved = await request.post(`/api/admin/applications/${id}/stage`, { data: { to: "reviewing" }, headers });
        expect(moved.status(), await moved.text()).toBe(200);
      }),
    );
  }

  await signIn(page, SUPER.username, SUPER.password);
  await filterByLastName(page, "applications", lastName);
  const table = tableRegion(page, "Applications");
  const rows = table.locator("tbody tr[data-row-id]");
  await expect(rows).toHaveCount(50);
  const bulk = page.getByRole("region", { name: "Bulk action on the applications shown" });
  await expect(bulk.getByRole("button", { name: "Apply to 51 applications" })).toBeVisible();
  await expect(page.getByText("No rows selected")).toBeVisible();
  const pageBox = table.getByRole("checkbox", { name: "Select all on this page" });
  const rowBox = (row: number) => rows.nth(row).getByRole("checkbox");
  const rowName = async (row: number) => (await rows.nth(row).getByRole("link").innerText()).trim();

  // "Clear selection" drops the ticks and leaves focus on the table (the button goes away).
  await rowBox(0).check();
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await expect(bulk.getByRole("button", { name: "Apply to 1 selected application" })).toBeVisible();
  await page.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByText("No rows selected")).toBeVisible();
  await expect(rowBox(0)).not.toBeChecked();
  await expect(table).toBeFocused();

  // New filters drop the ticks: the picked rows might not be shown any more.
  await rowBox(0).check();
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await filterByLastName(page, "applications", `${lastName}x`);
  await filterByLastName(page, "applications", lastName);
  await expect(rows).toHaveCount(50);
  await expect(page.getByText("No rows selected")).toBeVisible();
  await expect(rowBox(0)).not.toBeChecked();

  // Two rows on page 1, one by pointer and one by keyboard; each box is named after its applicant.
  const first = { id: await rows.nth(0).getAttribute("data-row-id"), name: await rowName(0) };
  const second = { id: await rows.nth(1).getAttribute("data-row-id"), name: await rowName(1) };
  await table.getByRole("checkbox", { name: `Select ${first.name}`, exact: true }).check();
  const secondBox = table.getByRole("checkbox", { name: `Select ${second.name}`, exact: true });
  await secondBox.focus();
  await page.keyboard.press("Space");
  await expect(secondBox).toBeChecked();
  await page.screenshot({ path: `test-results/pipeline-bulk-select-focus-${test.info().project.name}.png` });
  // Ticking a box does not open the record the row links to.
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  expect(await pageBox.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  await expect(pageBox).not.toBeChecked();

  // While page 2 loads, page 1 stays shown with its picked rows at AA contrast (the table is not dimmed).
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  const nextPage = /\/api\/admin\/applications\?.*cursor=/;
  await page.route(nextPage, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(table).toHaveAttribute("aria-busy", "true");
  await expect(rows).toHaveCount(50);
  // The range line does not give page 1's rows page 2's numbers meanwhile.
  await expect(page.getByText("Loading rows…")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/pipeline-bulk-select-loading-${test.info().project.name}.png` });
  release();
  await page.unroute(nextPage);

  // One on page 2; the ticks of page 1 are kept.
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("Rows 51–51 of 51")).toBeVisible();
  await expect(pageBox).not.toBeChecked();
  expect(await pageBox.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(false);
  const third = { id: await rows.nth(0).getAttribute("data-row-id"), name: await rowName(0) };
  await rowBox(0).check();
  await expect(pageBox).toBeChecked();
  await expect(page.getByText("3 selected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(rows).toHaveCount(50);
  await expect(table.getByRole("checkbox", { name: `Select ${first.name}`, exact: true })).toBeChecked();
  await expect(secondBox).toBeChecked();
  await expect(rowBox(2)).not.toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByText("3 selected", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/pipeline-bulk-select-${test.info().project.name}.png` });

  await bulk.getByLabel("Action").selectOption("invite");
  await expect(bulk.getByText("On the 3 selected applications in the table below.")).toBeVisible();
  await bulk.getByRole("button", { name: "Apply to 3 selected applications" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Invite 3 selected applications to the assessment?" });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Yes, 3 applications" }).click();
  await expect(bulk.getByRole("status")).toHaveText("Done for 3 applications.");
  const undoAction = bulk.getByRole("button", { name: "Undo this action (3 applications)" });
  await expect(undoAction).toBeVisible();
  // Done: the ticks are cleared, and the next action is on the filtered list again.
  await expect(page.getByText("No rows selected")).toBeVisible();
  await expect(table.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(bulk.getByRole("button", { name: "Apply to 51 applications" })).toBeVisible();

  // Exactly the three ticked applicants moved; the 48 others are still in review.
  const listed = await request.get(`/api/admin/applications?lastName=${lastName}&limit=100`, { headers });
  expect(listed.status()).toBe(200);
  const stages = new Map(((await listed.json()) as { rows: { id: string; stage: string }[] }).rows.map((row) => [row.id, row.stage]));
  expect(stages.size).toBe(51);
  const picked = new Set([first.id, second.id, third.id]);
  expect(picked.size).toBe(3);
  for (const id of ids) expect(stages.get(id), id).toBe(picked.has(id) ? "assessment_invited" : "reviewing");
  expect(await axeViolations(page)).toEqual([]);

  // Once the undo window (MOVE_UNDO_SECONDS, 8 s here) has passed, the invitations are free to go and Undo is no
  // longer offered: a click then could not take the action back.
  await expect(undoAction).toBeHidden({ timeout: 15_000 });
  await expect(bulk.getByText(/Their emails wait/)).toBeHidden();
  await expect(bulk.getByRole("status")).toHaveText("Done for 3 applications.");
});

test("the offer link shows the offer on GET, takes the answer by POST without JavaScript, and says when it is spent or forged", { tag: "@engine" }, async ({ page, browser, request, baseURL }) => {
  const email = uniqueEmail("offer");
  const id = await apply(request, email, "Lina");
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const stageOf = async () =>
    ((await (await request.get(`/api/admin/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { stage: string }).stage;
  await moveThrough(request, { Authorization: `Bearer ${token}` }, id, ["reviewing", "assessment_invited", "assessment_passed", "offered"]);
  await expect.poll(() => offerPathFor(email), { timeout: 20_000 }).not.toBeNull();
  const offerUrl = `${baseURL}${offerPathFor(email)}`;

  await page.goto(offerUrl);
  await expect(page.getByRole("heading", { level: 1, name: "A place is yours, Lina" })).toBeVisible();
  // Her deadline in her zone, named (no zone in this submission: the pilot's).
  await expect(page.getByText(/Pacific (Standard|Daylight) Time/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Opening the link again (a mail scanner does) changed nothing.
  await page.goto(offerUrl);
  expect(await stageOf()).toBe("offered");

  // Decline asks once more (the email's Decline button opens this); keeping the offer changes nothing.
  await page.getByRole("link", { name: "Decline the place" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Decline your place, Lina?" })).toBeVisible();
  // The link that was "Decline the place" becomes "Keep my offer": axe reads its colours once their transition ends.
  await expect(page.getByRole("link", { name: "Keep my offer" })).toHaveCSS("background-color", "rgb(138, 59, 92)");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/pipeline-offer-decline-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole("link", { name: "Keep my offer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A place is yours, Lina" })).toBeVisible();
  expect(await stageOf()).toBe("offered");

  // The answer, in a browser without JavaScript: a plain form POST.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(offerUrl);
  await plain.getByRole("button", { name: "Accept my place" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
  await noScript.close();
  expect(await stageOf()).toBe("enrolled");

  await page.goto(offerUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A second answer from the same link (the form posted again) changes nothing and says so.
  const again = await request.post(offerUrl, { form: { answer: "decline" } });
  expect(again.status()).toBe(200);
  expect(await again.text()).toContain("You have already answered");
  expect(await stageOf()).toBe("enrolled");

  const forged = await page.goto(`${baseURL}/offer/${"x".repeat(43)}`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/pipeline-offer-${test.info().project.name}.png`, fullPage: true });
});

test("after an address correction, staff resend the offer from the record page: the new address gets a working link, the old one says so", { tag: "@engine" }, async ({ page, request, baseURL }) => {
  const email = uniqueEmail("resend");
  const corrected = uniqueEmail("resent");
  const id = await apply(request, email, "Rosa");
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const headers = { Authorization: `Bearer ${token}` };
  await moveThrough(request, headers, id, ["reviewing", "assessment_invited", "assessment_passed", "offered"]);
  await expect.poll(() => offerPathFor(email), { timeout: 20_000 }).not.toBeNull();
  const oldUrl = `${baseURL}${offerPathFor(email)}`;
  const fixed = await request.post(`/api/privacy/applications/${id}/correction`, { data: { email: corrected }, headers });
  expect(fixed.status(), await fixed.text()).toBe(200);

  await signIn(page, SUPER.username, SUPER.password);
  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByText(`Resending emails the offer to ${corrected}`)).toBeVisible();
  await page.getByRole("button", { name: "Resend the offer" }).click();
  await expect(page.getByText(`The offer was sent again to ${corrected}, with a new link.`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/pipeline-offer-resend-${test.info().project.name}.png`, fullPage: true });

  await expect.poll(() => offerPathFor(corrected), { timeout: 20_000 }).not.toBeNull();
  const newUrl = `${baseURL}${offerPathFor(corrected)}`;
  expect(newUrl).not.toBe(oldUrl);
  await page.goto(oldUrl);
  await expect(page.getByRole("heading", { level: 1, name: "We sent you a newer link" })).toBeVisible();
  await page.goto(newUrl);
  await page.getByRole("button", { name: "Accept my place" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
});

