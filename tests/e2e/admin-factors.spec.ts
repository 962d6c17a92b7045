/**
 * Staff second factors in the browser: enrolment of an authenticator app with its recovery codes, a
 * recovery-code sign-in, a passkey made and used with Chromium's virtual authenticator, and no staff
 * credential readable by a script on a public page of the same origin.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createStaff, signInThroughForm, signOut, uniqueTag } from "./admin-fixtures";
import { finishSignInSteps, sessionCookieToken } from "./staff-sign-in";

async function submitPassword(page: Page, username: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a script on a public page of the same origin finds no staff credential", async ({ page, context, request }) => {
  const member = await createStaff(request, "admin", uniqueTag());
  await signInThroughForm(page, member.username, member.password);
  const token = await sessionCookieToken(context);
  await page.goto("/about");
  const seen = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify(Object.entries(localStorage)),
    session: JSON.stringify(Object.entries(sessionStorage)),
  }));
  for (const [place, text] of Object.entries(seen)) {
    expect(text, place).not.toContain(token);
    expect(text, place).not.toMatch(/auth_token|__Host-ovella_staff=/);
  }
});

test("enrolment shows a QR code and the recovery codes once (copied, downloaded), and a recovery code signs in once", { tag: "@engine" }, async ({ page, context, request }) => {
  const member = await createStaff(request, "user", uniqueTag(), { enrol: false });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await submitPassword(page, member.username, member.password);
  let codes: string[] = [];
  await finishSignInSteps(page, member.username, {
    duringEnrolment: async () => {
      // Drawn in the page beside the key, which stays as text.
      const qr = page.getByRole("img", { name: "QR code of the authenticator key" });
      await expect(qr).toBeVisible();
      await expect(page.getByTestId("totp-secret")).toBeVisible();
      const drawn = await qr.evaluate((svg) => ({ viewBox: svg.getAttribute("viewBox") ?? "", modules: (svg.querySelector("path")?.getAttribute("d") ?? "").split("M").length - 1 }));
      // An otpauth address needs a version 3 code at least (29 modules a side, 8 of quiet zone).
      expect(Number(drawn.viewBox.split(" ")[2])).toBeGreaterThanOrEqual(37);
      expect(drawn.modules).toBeGreaterThan(200);
    },
    beforeRecoveryCodes: async () => {
      codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
      await page.getByRole("button", { name: "Copy codes" }).click();
      await expect(page.getByRole("status").filter({ hasText: "copied to the clipboard" })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download codes" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("ovella-recovery-codes.txt");
      const saved = await readFile(await download.path(), "utf8");
      for (const text of [copied, saved]) {
        expect(text.split("\n").filter((line) => codes.includes(line))).toEqual(codes);
      }
    },
  });
  expect(codes).toHaveLength(10);
  await expect(page.getByRole("button", { name: "Continue to the admin" })).toHaveCount(0);
  await signOut(page);

  await submitPassword(page, member.username, member.password);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await signOut(page);

  await submitPassword(page, member.username, member.password);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page.getByText("That code is not valid")).toBeVisible();
});

test("a passkey made at enrolment signs in (Chromium's virtual authenticator)", { tag: "@engine" }, async ({ page, request, browserName }) => {
  test.skip(browserName !== "chromium", "the virtual authenticator is a Chromium DevTools feature");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const member = await createStaff(request, "admin", uniqueTag(), { enrol: false });
  await submitPassword(page, member.username, member.password);
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await page.getByLabel("I have saved these codes").check();
  await page.getByRole("button", { name: "Continue to the admin" }).click();
  await signOut(page);

  await submitPassword(page, member.username, member.password);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});
