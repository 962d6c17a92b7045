/**
 * Nothing a person types is lost while a form wakes up. The moment its code takes over is decided, not left to
 * chance: the form's script is held until the k-th key has been typed, then let through while she goes on typing,
 * for every k from the first key to the last of two fields, once each (ADR 0114). Each try opens the page afresh
 * on a CPU slowed 6x or not at all (Chromium's `Emulation.setCPUThrottlingRate`) and types at 20 or 80 ms a key,
 * the four corners taken in turn along the sweep, then checks the exact values and the caret once the code has
 * taken over, and again in what the server stored. Where the take-over actually landed (which field, after how
 * many characters) is written into the test's annotations. Pastes, an autofill-style fill of several fields at
 * once, an IME composition and select/checkbox changes made before the hand-over are covered too. Runs in the
 * phone project only (a viewport does not change the race: playwright.config.ts) and in CI on the embedded
 * database only (the race is in the browser; what the server stores is the API tests' subject on both engines,
 * ADR 0079).
 */
import {
  type APIRequestContext,
  type CDPSession,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
  type Request,
  type Response,
  test,
} from "@playwright/test";
import { FORM_SOURCES } from "../../core/options";
import { signIn } from "./admin-fixtures";
import { adminToken, blockThirdParties, E2E_ADMIN, holdRequests, uniqueEmail } from "./public-helpers";

const SIGNUP_CHUNK = /\/assets\/signup-form-[^/]+\.js$/;
const CONTACT_CHUNK = /\/assets\/contact-form-[^/]+\.js$/;
/** The admin is a React Router page: its entry script hydrates the sign-in form. */
const ADMIN_ENTRY = /\/assets\/entry\.client-[^/]+\.js$/;

const PACES = [20, 80] as const;

/** The CPU and pace of each try, taken in turn along a sweep: every k meets one, each corner meets every part of the fields. */
const CORNERS = [
  { rate: 6, pace: 80 },
  { rate: 1, pace: 20 },
  { rate: 6, pace: 20 },
  { rate: 1, pace: 80 },
] as const;
type Corner = (typeof CORNERS)[number];

const FIRST_NAME = "Alexandra";

test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

/** Opens `path` on a CPU slowed `rate` times and returns as soon as the document starts to arrive. */
async function openThrottled(page: Page, path: string, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.goto(path, { waitUntil: "commit" });
  return cdp;
}

/** Types `text` into `field` key by key, starting the moment it shows, as a person would. */
async function typeAtPace(page: Page, field: Locator, text: string, pace: number) {
  await field.waitFor({ state: "visible" });
  await field.click();
  await page.keyboard.type(text, { delay: pace });
}

/**
 * Types each field's text in turn, key by key at `pace`, and lets the held script through once `releaseAt` keys
 * (counted across the fields) have been typed: the hand-over starts there, while she goes on typing.
 */
async function typeReleasingAt(page: Page, fields: [Locator, string][], pace: number, releaseAt: number, release: () => void) {
  let typed = 0;
  for (const [field, text] of fields) {
    await field.waitFor({ state: "visible" });
    if (typed === releaseAt) release();
    await field.click();
    const before = Math.max(0, Math.min(text.length, releaseAt - typed));
    if (before > 0) await page.keyboard.type(text.slice(0, before), { delay: pace });
    if (typed + before === releaseAt) release();
    if (before < text.length) await page.keyboard.type(text.slice(before), { delay: pace });
    typed += text.length;
  }
  release();
}

interface SweepTry {
  /** Keys typed before the held script is let through. */
  k: number;
  corner: Corner;
}

/**
 * The sweep over two fields of `first` and `second` characters: every release point from 0 (before the first key)
 * to the last key, the corners in turn, split at the move from the first field to the second (two tests).
 */
function sweepOver(first: number, second: number): { inFirst: SweepTry[]; inSecond: SweepTry[] } {
  const tries = Array.from({ length: first + second + 1 }, (_, k) => ({ k, corner: CORNERS[k % CORNERS.length] as Corner }));
  return { inFirst: tries.filter(({ k }) => k < first), inSecond: tries.filter(({ k }) => k >= first) };
}

/**
 * One try of a sweep: `path` opened afresh on the try's CPU with the requests matching `hold` held, then `fields`
 * typed at its pace, the held script let through after key k. Returns the page's CDP session (its CPU setting).
 */
async function tryReleasingAt(page: Page, path: string, hold: RegExp, { k, corner }: SweepTry, fields: [Locator, string][]): Promise<CDPSession> {
  await page.unrouteAll();
  await blockThirdParties(page);
  const held = await holdRequests(page, hold);
  const cdp = await openThrottled(page, path, corner.rate);
  await typeReleasingAt(page, fields, corner.pace, k, held.release);
  return cdp;
}

/**
 * Notes, in the page, which field had the focus and how much of it was typed when the code took over (the
 * attribute the page sets when it is live), so each try can say where its hand-over landed.
 */
async function recordHandOver(page: Page, attribute: "data-island-live" | "data-hydrated") {
  await page.addInitScript((name) => {
    const record = { landed: "" };
    Object.assign(window, { __handOver: record });
    new MutationObserver((changes, observer) => {
      if (!changes.some((change) => change.attributeName === name)) return;
      const active = document.activeElement;
      record.landed = active instanceof HTMLInputElement ? `${active.name || active.id}:${active.value.length}` : "no field";
      observer.disconnect();
    }).observe(document, { attributes: true, attributeFilter: [name], subtree: true });
  }, attribute);
}

/**
 * Where the take-over landed, as keys typed across the fields (`fields`: each field's name and text, in typing
 * order), and as a note for the annotations. No field focused counts as no key typed.
 */
async function landedAt(page: Page, fields: [string, string][]): Promise<{ keys: number; note: string }> {
  const landed = await page.evaluate(() => (window as unknown as { __handOver?: { landed: string } }).__handOver?.landed ?? "");
  const [name, length] = landed.split(":");
  const index = fields.findIndex(([field]) => field === name);
  if (index < 0) return { keys: landed === "no field" ? 0 : Number.NaN, note: landed || "not seen" };
  const before = fields.slice(0, index).reduce((sum, [, text]) => sum + text.length, 0);
  return { keys: before + Number(length), note: landed };
}

/**
 * Checks one try of a sweep: the code took over no earlier than the key it was held to (the hold worked, so the
 * sweep moves the hand-over), and notes where it landed.
 */
async function checkLanding(page: Page, fields: [string, string][], k: number, landings: string[], where: string) {
  const landed = await landedAt(page, fields);
  landings.push(`${k} -> ${landed.note}`);
  expect(landed.keys, `${where}: the code took over at ${landed.note}`).toBeGreaterThanOrEqual(k);
}

/** Writes where each try of a sweep released the code and where the take-over landed into the test's annotations. */
function noteSweep(landings: string[]) {
  test.info().annotations.push({ type: "hand-over", description: landings.join("; ") });
}

interface SignupForm {
  path: string;
  heading: "Reserve your pilot spot" | "Apply for the pilot";
  formSource: string;
  /**
   * A form already swept elsewhere (the second form of `/`, and the apply form on the landing pages that serve
   * the same island as `/apply`) is tried at four points of the sweep, on the slow CPU where a page's own weight
   * moves the hand-over (ADR 0079); each page still gets both paces, both zip codes and a stored record.
   */
  sampled?: true;
}

/** Every signup form of the product, in each page context it appears in. */
const SIGNUP_FORMS: SignupForm[] = [
  { path: "/", heading: "Reserve your pilot spot", formSource: FORM_SOURCES.landing },
  { path: "/", heading: "Apply for the pilot", formSource: FORM_SOURCES.landing, sampled: true },
  { path: "/apply", heading: "Apply for the pilot", formSource: FORM_SOURCES.apply },
  { path: "/tiktok", heading: "Apply for the pilot", formSource: FORM_SOURCES.tiktok, sampled: true },
  { path: "/MIT", heading: "Apply for the pilot", formSource: FORM_SOURCES.MIT, sampled: true },
  { path: "/howitworks", heading: "Apply for the pilot", formSource: FORM_SOURCES.howitworks, sampled: true },
  { path: "/ovellaiq", heading: "Apply for the pilot", formSource: FORM_SOURCES.assessment, sampled: true },
];

function signupForm(page: Page, heading: string) {
  return page.getByRole("form", { name: heading });
}

/** Whether `field` has the focus, and where its caret is. */
function caretOf(field: Locator) {
  return field.evaluate((element: HTMLInputElement) => ({
    focused: document.activeElement === element,
    caret: element.selectionStart,
  }));
}

/** The island holding `form` has been taken over by its code. */
async function expectLive(form: Locator) {
  await expect(form.locator("xpath=ancestor::*[@data-island][1]")).toHaveAttribute("data-island-live", "");
}

interface StoredApplication {
  email: string;
  firstName: string;
  zipCode: string;
  formSource: string;
  state: string;
  interestLevel: string;
  interestLevelOther: string | null;
  marketing_consent: boolean;
}

async function storedApplications(request: APIRequestContext, token: string): Promise<StoredApplication[]> {
  const res = await request.get("/api/applications", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredApplication[];
}

/**
 * What the page did with a submit: each answer to its POST, failed requests, page errors and console errors,
 * and the toasts shown. Read into a failure's message, so a submit that does not reach Thank-you says why.
 */
async function watchSubmit(page: Page) {
  const seen: string[] = [];
  // Toasts close after 5 s: note each one as it is shown.
  await page.evaluate(() => {
    const shown: string[] = [];
    Object.assign(window, { __toastsShown: shown });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof HTMLLIElement) shown.push(node.innerText);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const onResponse = async (response: Response) => {
    if (new URL(response.url()).pathname !== "/api/applications" || response.request().method() !== "POST") return;
    seen.push(`POST answered ${response.status()} ${(await response.text().catch(() => "")).slice(0, 200)}`);
  };
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname === "/api/applications") seen.push(`${request.method()} sent`);
  };
  const onFailed = (request: Request) => seen.push(`request failed: ${request.method()} ${new URL(request.url()).pathname} ${request.failure()?.errorText}`);
  const onPageError = (error: Error) => seen.push(`page error: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") seen.push(`console ${message.type()}: ${message.text()}`);
  };
  page.on("request", onRequest);
  page.on("response", onResponse);
  page.on("requestfailed", onFailed);
  page.on("pageerror", onPageError);
  page.on("console", onConsole);
  return {
    async summary() {
      const toasts = await page
        .evaluate(() => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [])
        .catch(() => ["(the page is gone)"]);
      return [...seen, `toasts shown: ${JSON.stringify(toasts)}`].join("\n");
    },
    stop() {
      page.off("request", onRequest);
      page.off("response", onResponse);
      page.off("requestfailed", onFailed);
      page.off("pageerror", onPageError);
      page.off("console", onConsole);
    },
  };
}

/** Fills what the try did not type (after the hand-over), sends the form and waits for Thank-you. */
async function completeSignup(page: Page, form: Locator, email: string) {
  await form.getByLabel("Last name").fill("Okafor");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Age").fill("31");
  const state = form.getByRole("combobox", { name: "State", exact: true });
  if (await state.isVisible()) await state.selectOption("California");
  const interest = form.getByLabel("Interest level");
  if (!(await interest.inputValue())) await interest.selectOption("Actively researching");
  const submit = await watchSubmit(page);
  try {
    await form.getByRole("button", { name: /Apply for our Pilot|Submit Application/ }).click();
    // The form retries a transient failure for about 10 s before it gives up with a message.
    await page.waitForURL(/\/thank-you$/, { timeout: 45_000 }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nWhat the page did with the submit:\n${await submit.summary()}`);
    });
  } finally {
    submit.stop();
  }
}

/** Odd quarters of a sweep type a zip code the form refuses, so its exact characters are checked on screen. */
const zipAt = (k: number) => (Math.floor(k / CORNERS.length) % 2 === 0 ? "94105" : "12a45");

/** The tries of one signup form's test: the whole sweep split at the move to the zip code, or the sampled four. */
function signupSweeps(target: SignupForm): { part: string; tries: SweepTry[] }[] {
  if (target.sampled) return [{ part: "four points of the sweep", tries: SAMPLED_TRIES }];
  const { inFirst, inSecond } = sweepOver(FIRST_NAME.length, 5);
  return [
    { part: "released at each key of the first name", tries: inFirst },
    { part: "released at each key of the zip code", tries: inSecond },
  ];
}

/** The four tries of a sampled form: early and late in the first name, at the move to the zip code, inside it. */
const SAMPLED_TRIES: SweepTry[] = [
  { k: 0, corner: CORNERS[0] },
  { k: 5, corner: CORNERS[2] },
  { k: FIRST_NAME.length, corner: CORNERS[2] },
  { k: FIRST_NAME.length + 3, corner: CORNERS[0] },
];

for (const target of SIGNUP_FORMS) {
  for (const { part, tries } of signupSweeps(target)) {
    test(`signup form "${target.heading}" on ${target.path}, ${part}: the first name and zip code typed while it wakes up are kept exactly`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000 + tries.length * 15_000);
      await recordHandOver(page, "data-island-live");
      const token = await adminToken(request);
      const sent: { email: string; zipCode: string }[] = [];
      const acted = new Set<string>();
      const landings: string[] = [];
      for (const sweepTry of tries) {
        const { k, corner } = sweepTry;
        const form = signupForm(page, target.heading);
        const zip = zipAt(k);
        const cdp = await tryReleasingAt(page, target.path, SIGNUP_CHUNK, sweepTry, [
          [form.getByLabel("First name"), FIRST_NAME],
          [form.getByLabel("Zip code"), zip],
        ]);
        await expectLive(form);
        const where = `${target.path} CPU ${corner.rate}x, ${corner.pace} ms a key, released after key ${k}`;
        await checkLanding(page, [["firstName", FIRST_NAME], ["zipCode", zip]], k, landings, where);
        expect(await form.getByLabel("First name").inputValue(), where).toBe(FIRST_NAME);
        expect(await form.getByLabel("Zip code").inputValue(), where).toBe(zip);
        // Focus and caret stay where she left them.
        expect(await caretOf(form.getByLabel("Zip code")), where).toEqual({ focused: true, caret: zip.length });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        // The first try of each corner with each zip code goes on: to the stored record, or to the form's own check.
        const key = `${corner.rate}/${corner.pace}/${zip}`;
        if (acted.has(key)) continue;
        acted.add(key);
        if (zip === "12a45") {
          // The form holds what the field shows: its own check names the letter.
          await form.getByRole("button", { name: /Apply for our Pilot|Submit Application/ }).click();
          await expect(form.getByText("Zip code must contain only numbers").first(), where).toBeVisible();
        } else {
          const email = uniqueEmail(`typing-${corner.rate}-${corner.pace}`);
          await completeSignup(page, form, email);
          sent.push({ email, zipCode: zip });
        }
      }
      noteSweep(landings);
      expect(sent.length).toBeGreaterThan(0);
      const stored = await storedApplications(request, token);
      for (const { email, zipCode } of sent) {
        const record = stored.filter((a) => a.email === email);
        expect(record, email).toHaveLength(1);
        expect(record[0], email).toMatchObject({ firstName: FIRST_NAME, zipCode, formSource: target.formSource });
      }
    });
  }
}

test("signup form: a paste, an autofill of several fields, an IME composition and select and checkbox changes before the hand-over are all kept", async ({
  page,
  request,
}) => {
  // Every signup form in turn at 6x CPU (seven pages): more than the default 90 s on a shared machine.
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const emails: string[] = [];
  for (const target of SIGNUP_FORMS) {
    // The form's code is held until everything below is done, so all of it happens before the hand-over.
    await page.unrouteAll();
    await blockThirdParties(page);
    const chunk = await holdRequests(page, SIGNUP_CHUNK);
    const cdp = await openThrottled(page, target.path, 6);
    const form = signupForm(page, target.heading);
    const email = uniqueEmail("typing-fill");
    emails.push(email);
    const first = form.getByLabel("First name");
    await first.waitFor({ state: "visible" });
    await first.click();
    // A paste arrives as one insertion, not keys.
    await page.keyboard.insertText(FIRST_NAME);
    // Autofill sets several fields at once, each with input and change events.
    await form.evaluate((element, values) => {
      for (const [name, value] of Object.entries(values)) {
        const field = element.querySelector<HTMLInputElement>(`[name="${name}"]`);
        if (!field) throw new Error(`no field ${name}`);
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }, { lastName: "Okafor", email, phone: "4155550123" });
    // A composed word (an input method): pending text, then the committed text.
    await form.getByLabel("Zip code").click();
    await cdp.send("Input.imeSetComposition", { text: "941", selectionStart: 3, selectionEnd: 3 });
    await cdp.send("Input.insertText", { text: "94105" });
    await form.getByLabel("Age").click();
    await page.keyboard.type("29", { delay: 40 });
    await form.getByRole("combobox", { name: "State", exact: true }).selectOption("California");
    await form.getByLabel("Interest level").selectOption("Other");
    await form.getByLabel(/Send me occasional updates/).check();
    await expect(form.getByLabel("Please specify")).toHaveCount(0);
    chunk.release();
    await expectLive(form);
    await expect(form.getByLabel("Please specify")).toBeVisible();
    for (const [label, value] of [
      ["First name", FIRST_NAME],
      ["Last name", "Okafor"],
      ["Email", email],
      ["Phone (optional)", "4155550123"],
      ["Zip code", "94105"],
      ["Age", "29"],
    ] as const) {
      expect(await form.getByLabel(label).inputValue(), `${target.path}: ${label}`).toBe(value);
    }
    await expect(form.getByLabel(/Send me occasional updates/)).toBeChecked();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await form.getByLabel("Please specify").fill("A friend's story");
    await form.getByRole("button", { name: /Apply for our Pilot|Submit Application/ }).click();
    await page.waitForURL(/\/thank-you$/);
  }
  const stored = await storedApplications(request, token);
  for (const email of emails) {
    const record = stored.filter((a) => a.email === email);
    expect(record, email).toHaveLength(1);
    expect(record[0]).toMatchObject({
      firstName: FIRST_NAME,
      zipCode: "94105",
      state: "California",
      interestLevel: "Other",
      interestLevelOther: "A friend's story",
      marketing_consent: true,
    });
  }
});

test("signup form: Non-US chosen before the hand-over switches the form to countries once it is live", async ({ page, request }) => {
  const chunk = await holdRequests(page, SIGNUP_CHUNK);
  const cdp = await openThrottled(page, "/apply", 6);
  const form = signupForm(page, "Apply for the pilot");
  await typeAtPace(page, form.getByLabel("First name"), FIRST_NAME, 40);
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption("Non-US");
  chunk.release();
  await expectLive(form);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const country = form.getByRole("combobox", { name: "Country", exact: true });
  await expect(country).toBeVisible();
  await country.selectOption("Canada");
  await form.getByLabel("Postcode").fill("K1A 0B1");
  const email = uniqueEmail("typing-nonus");
  await completeSignup(page, form, email);
  const stored = (await storedApplications(request, await adminToken(request))).filter((a) => a.email === email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ firstName: FIRST_NAME, state: "Canada", zipCode: "K1A 0B1" });
});

interface StoredMessage {
  email: string;
  firstName: string;
  subject: string;
}

const CONTACT_SUBJECT = "Question 12a45";
const CONTACT_SWEEP = sweepOver(FIRST_NAME.length, CONTACT_SUBJECT.length);

for (const [part, tries] of [
  ["released at each key of the first name", CONTACT_SWEEP.inFirst],
  ["released at each key of the subject", CONTACT_SWEEP.inSecond],
] as const) {
  test(`contact form, ${part}: the first name and subject typed while it wakes up are kept exactly`, async ({ page, request }) => {
    test.setTimeout(60_000 + tries.length * 15_000);
    await recordHandOver(page, "data-island-live");
    const token = await adminToken(request);
    const sent: { email: string; subject: string }[] = [];
    const sentBy = new Set<string>();
    const landings: string[] = [];
    for (const sweepTry of tries) {
      const { k, corner } = sweepTry;
      const form = page.getByRole("form", { name: "Send us a message" });
      const cdp = await tryReleasingAt(page, "/contact", CONTACT_CHUNK, sweepTry, [
        [form.getByLabel("First Name"), FIRST_NAME],
        [form.getByLabel("Subject"), CONTACT_SUBJECT],
      ]);
      await expectLive(form);
      const where = `/contact CPU ${corner.rate}x, ${corner.pace} ms a key, released after key ${k}`;
      await checkLanding(page, [["firstName", FIRST_NAME], ["subject", CONTACT_SUBJECT]], k, landings, where);
      expect(await form.getByLabel("First Name").inputValue(), where).toBe(FIRST_NAME);
      expect(await form.getByLabel("Subject").inputValue(), where).toBe(CONTACT_SUBJECT);
      expect(await caretOf(form.getByLabel("Subject")), where).toEqual({ focused: true, caret: CONTACT_SUBJECT.length });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      // The first try of each corner is sent and compared with the stored record.
      const key = `${corner.rate}/${corner.pace}`;
      if (sentBy.has(key)) continue;
      sentBy.add(key);
      const email = uniqueEmail(`typing-contact-${corner.rate}-${corner.pace}`);
      await form.getByLabel("Last Name").fill("Okafor");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Reason for Contact").selectOption("pricing");
      await form.getByLabel("Message").fill("Typed while the form was waking up.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("status"), where).toContainText("Message sent successfully!");
      sent.push({ email, subject: CONTACT_SUBJECT });
    }
    noteSweep(landings);
    const res = await request.get("/api/contact", { headers: { Authorization: `Bearer ${token}` } });
    const stored = (await res.json()) as StoredMessage[];
    expect(sent).toHaveLength(CORNERS.length);
    for (const { email, subject } of sent) {
      const record = stored.filter((m) => m.email === email);
      expect(record, email).toHaveLength(1);
      expect(record[0]).toMatchObject({ firstName: FIRST_NAME, subject });
    }
  });
}

/** The sign-in's sweep: every key of the username and the password. */
const SIGN_IN_SWEEP = sweepOver(E2E_ADMIN.username.length, E2E_ADMIN.password.length);

for (const [part, tries] of [
  ["released at each key of the username", SIGN_IN_SWEEP.inFirst],
  ["released at each key of the password", SIGN_IN_SWEEP.inSecond],
] as const) {
  test(`staff sign-in, ${part}: the username and password typed while it wakes up sign in`, async ({ page }) => {
    test.setTimeout(60_000 + tries.length * 15_000);
    // Every try starts signed out: no stored session, so the server's sign-in form is what shows.
    await page.addInitScript(() => window.localStorage.clear());
    await recordHandOver(page, "data-hydrated");
    const signedInBy = new Set<number>();
    const landings: string[] = [];
    for (const sweepTry of tries) {
      const { k, corner } = sweepTry;
      const cdp = await tryReleasingAt(page, "/admin", ADMIN_ENTRY, sweepTry, [
        [page.getByLabel("Username"), E2E_ADMIN.username],
        [page.getByLabel("Password"), E2E_ADMIN.password],
      ]);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const where = `/admin CPU ${corner.rate}x, ${corner.pace} ms a key, released after key ${k}`;
      await checkLanding(page, [["username", E2E_ADMIN.username], ["password", E2E_ADMIN.password]], k, landings, where);
      expect(await page.getByLabel("Username").inputValue(), where).toBe(E2E_ADMIN.username);
      expect(await page.getByLabel("Password").inputValue(), where).toBe(E2E_ADMIN.password);
      expect(await caretOf(page.getByLabel("Password")), where).toEqual({ focused: true, caret: E2E_ADMIN.password.length });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      // The first try at each pace signs in with what was typed.
      if (signedInBy.has(corner.pace)) continue;
      signedInBy.add(corner.pace);
      await page.getByRole("button", { name: "Sign In" }).click();
      // The password was accepted: the sign-in moves on to its second step.
      await expect(page.getByRole("heading", { name: "Confirm it is you" }), where).toBeVisible({ timeout: 15_000 });
    }
    noteSweep(landings);
    expect([...signedInBy].toSorted((a, b) => a - b)).toEqual([...PACES]);
  });
}

for (const rate of [1, 6]) {
  test(`staff dialog (Create User), CPU ${rate}x: what is typed the moment it opens is what is created`, async ({ page, request }) => {
    test.setTimeout(60_000 + PACES.length * 20_000);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole("tab", { name: "User Management" }).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    for (const pace of PACES) {
      const username = `typed_${rate}_${pace}_${Date.now() % 1_000_000}`;
      const password = "Alexandra12a45";
      await page.getByRole("button", { name: "Create User" }).click();
      const dialog = page.getByRole("dialog", { name: "Create User" });
      await typeAtPace(page, dialog.getByLabel("Username"), username, pace);
      await typeAtPace(page, dialog.getByLabel("Password"), password, pace);
      expect(await dialog.getByLabel("Username").inputValue()).toBe(username);
      expect(await dialog.getByLabel("Password").inputValue()).toBe(password);
      await dialog.getByRole("button", { name: "Create User" }).click();
      await expect(dialog).toHaveCount(0);
      // The account holds exactly what was typed: it signs in with it.
      const login = await request.post("/api/auth/login", { data: { username, password } });
      expect(login.status(), username).toBe(200);
    }
  });
}
