/** Staff admin: server-rendered shell, sign-in, the session cookie, logout, expiry, access denied. */
import { expect, type Page, test } from "@playwright/test";
import { apiLoginNewSession, createStaff, loadWithStoredSession, signIn, signInThroughForm, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { holdRequests } from "./public-helpers";
import { finishSignInSteps, sessionCookieToken } from "./staff-sign-in";

/** The Applications tab once its first page has answered: the table, or the empty state on an empty database. */
function applicationsShown(page: Page) {
  return tableRegion(page, "Applications").or(page.getByText("No applications submitted yet."));
}

test.describe("admin shell", () => {
  test("the server sends the sign-in, with the spinner for a stored session, in a page search engines must not index", async ({
    request,
  }) => {
    const response = await request.get("/admin");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Staff sign in");
    expect(html).toContain("Sign In");
    expect(html).toContain("Loading the admin");
  });

  test("the sign-in shows before the admin's code arrives, and what was typed meanwhile is kept and sent", async ({ page, request }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    const scripts = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto("/admin", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading the admin" })).toBeHidden();
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(page.url()).toMatch(/\/admin$/);
    scripts.release();
    await finishSignInSteps(page, member.username);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    expect(page.url()).toMatch(/\/admin$/);
  });

  test("the admin's scripts are requested only once the sign-in has painted, and the page then works", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await signIn(page, SUPER.username, SUPER.password);
    const { firstPaint, scriptStarts } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scriptStarts: performance
        .getEntriesByType("resource")
        .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(firstPaint).not.toBeNull();
    expect(scriptStarts.length).toBeGreaterThan(3);
    for (const start of scriptStarts) expect(start).toBeGreaterThan(firstPaint as number);
    expect(problems).toEqual([]);
  });

  test("a spinner shows while the stored session is being checked", async ({ page }) => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route("**/api/auth/me", async (route) => {
      await held;
      await route.fulfill({ json: { id: "u-1", username: "checking_user", role: "admin" } });
    });
    await page.route(/\/api\/admin\/applications(\/stats)?(\?|$)/, (route) =>
      route.fulfill({ json: route.request().url().includes("/stats") ? { total: 0, overall: 0, averageAge: null, topStates: [], bySource: [], byCampaign: [] } : { rows: [], nextCursor: null, total: 0 } }),
    );
    await loadWithStoredSession(page, "stored-token");
    await expect(page.getByRole("status").filter({ hasText: "Loading the admin" })).toBeVisible();
    // Not even before the page is live: the inline check hides the server's sign-in for a stored session.
    await expect(page.getByRole("button", { name: "Sign In" })).toBeHidden();
    release();
    await expect(page.getByText("checking_user")).toBeVisible();
  });
});

test.describe("login screen", () => {
  test("requires a username and a password with the spec's messages", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-describedby", /login-username-error/);
  });

  test("shows the server's message for a wrong password", async ({ page }) => {
    await page.goto("/admin");
    await page.getByLabel("Username").fill(SUPER.username);
    await page.getByLabel("Password").fill("WrongPassword1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid username or password");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("reads 'Signing in...' and is disabled while the request is pending", async ({ page }) => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.fulfill({ status: 401, json: { message: "Invalid username or password" } });
    });
    await page.goto("/admin");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("Whatever1");
    await page.getByRole("button", { name: "Sign In" }).click();
    const busy = page.getByRole("button", { name: "Signing in..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("explains throttling with the wait time from Retry-After", async ({ page }) => {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "120" }, json: { message: "Too many requests" } }),
    );
    await page.goto("/admin");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("Whatever1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many sign-in attempts. Please wait 2 minutes");
  });

  test("falls back to 'Login failed' and to the unexpected-error text", async ({ page }) => {
    let answer: "empty-500" | "no-session" = "empty-500";
    await page.route("**/api/auth/login", (route) =>
      answer === "empty-500" ? route.fulfill({ status: 500, body: "" }) : route.fulfill({ status: 200, json: {} }),
    );
    await page.goto("/admin");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password").fill("Whatever1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Login failed");
    answer = "no-session";
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("An unexpected error occurred during login.");
  });
});

test.describe("stored session", () => {
  test("sign-in keeps the session in an HttpOnly, Secure, SameSite=Strict cookie and nowhere a script reads; reload restores; logout revokes and clears", { tag: "@engine" }, async ({
    page,
    context,
    request,
  }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    await signInThroughForm(page, member.username, member.password);
    const cookie = (await context.cookies()).find((c) => c.name === "__Host-ovella_staff");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    const token = cookie?.value ?? "";
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
    for (const place of Object.values(readable)) expect(place).not.toContain(token);
    expect(readable.local).not.toContain("auth_token");

    const me = page.waitForRequest((r) => r.url().endsWith("/api/auth/me"));
    await page.reload();
    expect((await me).headers().authorization).toBeUndefined();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    const logout = page.waitForRequest((r) => r.url().endsWith("/api/auth/logout") && r.method() === "POST");
    await page.getByRole("button", { name: "Logout" }).click();
    await logout;
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "__Host-ovella_staff")).toBe(false);
    const after = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  test("a session revoked elsewhere sends the person back to sign-in with a clear message", { tag: "@engine" }, async ({ page, context, request }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    await signIn(page, member.username, member.password);
    await expect(page.getByText("Total Applications")).toBeVisible();
    const token = await sessionCookieToken(context);
    const revoke = await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
    expect(revoke.status()).toBe(204);

    // The next protected call (the messages list, loaded on first visit of its tab) answers 401.
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  test("a stored session the server no longer accepts is dropped on load", { tag: "@engine" }, async ({ page, request }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    const token = await apiLoginNewSession(request, member.username, member.password);
    await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
    await loadWithStoredSession(page, token);
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    expect(await page.evaluate(() => document.cookie)).not.toContain("__Host-ovella_staff_hint=1");
  });

  test("the first page asked for while a stored session is checked is used once the session is confirmed", { tag: "@engine" }, async ({ page, request }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    const token = await apiLoginNewSession(request, member.username, member.password);
    const events: string[] = [];
    page.on("request", (req) => {
      if (/\/api\/admin\/applications\?/.test(req.url())) events.push("page");
    });
    page.on("requestfinished", (req) => {
      if (req.url().endsWith("/api/auth/me")) events.push("me answered");
    });
    await loadWithStoredSession(page, token);
    await expect(applicationsShown(page)).toBeVisible();
    // One request for the first page, sent before the session check had answered.
    expect(events.filter((event) => event === "page")).toEqual(["page"]);
    expect(events.indexOf("page")).toBeLessThan(events.indexOf("me answered"));
  });

  test("a first page asked for with a refused stored session is discarded, never shown", { tag: "@engine" }, async ({ page, request }) => {
    const member = await createStaff(request, "admin", uniqueTag());
    const token = await apiLoginNewSession(request, member.username, member.password);
    await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
    let pages = 0;
    page.on("request", (req) => {
      if (/\/api\/admin\/applications\?/.test(req.url())) pages++;
    });
    await loadWithStoredSession(page, token);
    await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
    await expect(tableRegion(page, "Applications")).toHaveCount(0);
    expect(pages).toBe(1);
    // Signing in asks again with the new session rather than using the refused answer.
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await finishSignInSteps(page, member.username);
    await expect(applicationsShown(page)).toBeVisible();
    expect(pages).toBe(2);
  });

  test("a role outside the allowed list sees Access Denied", async ({ page }) => {
    await page.route("**/api/auth/me", (route) =>
      route.fulfill({ json: { id: "guest-1", username: "guest_person", role: "guest" } }),
    );
    await loadWithStoredSession(page, "guest-token");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
  });
});

test.describe("dashboard header per role", () => {
  test("shows the username, a role badge in the role's style, and the tabs the role may use", { tag: "@engine" }, async ({ page, request }) => {
    const tag = uniqueTag();
    const viewer = await createStaff(request, "user", tag);
    const admin = await createStaff(request, "admin", tag);

    await signIn(page, viewer.username, viewer.password);
    await expect(page.getByText(viewer.username)).toBeVisible();
    await expect(page.getByTestId("role-badge")).toHaveText("User");
    await expect(page.getByTestId("role-badge")).toHaveAttribute("data-variant", "secondary");
    await expect(page.getByRole("tab")).toHaveText(["Applications", "Contact Messages", "Selection board", "Consults", "Funnel"]);
    await signOut(page);

    await signIn(page, admin.username, admin.password);
    await expect(page.getByTestId("role-badge")).toHaveAttribute("data-variant", "default");
    await expect(page.getByRole("tab")).toHaveText(["Applications", "Contact Messages", "Selection board", "Consults", "Funnel", "Privacy requests"]);
    await signOut(page);

    await signIn(page, SUPER.username, SUPER.password);
    await expect(page.getByTestId("role-badge")).toHaveAttribute("data-variant", "destructive");
    await expect(page.getByRole("tab")).toHaveText([
      "Applications",
      "Contact Messages",
      "Selection board",
      "Consults",
      "Funnel",
      "Privacy requests",
      "Outbox",
      "Audit Log",
      "System",
      "Webhooks",
      "API keys",
      "User Management",
    ]);
  });
});
