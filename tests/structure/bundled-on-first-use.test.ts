/**
 * The libraries the server loads on first use (ADR 0116) work as the built server loads them. esbuild hands a
 * CommonJS package loaded with `import()` over as the default export of its chunk alone, which the sources run under
 * Node never show: the password screen, passkeys and the mail transport are bundled here with the build's own options
 * (scripts/build/server-bundle.mjs) and run from the bundle.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverBundleOptions } from "../../scripts/build/server-bundle.mjs";
import { ROOT } from "./import-graph";

type Screen = typeof import("../../server/services/staff/password-screen");
type Passkeys = typeof import("../../server/services/staff/factors/passkeys");
type Transport = typeof import("../../server/services/outbox/transport");

let dir: string;
const load = <T>(name: string): Promise<T> => import(pathToFileURL(path.join(dir, `${name}.js`)).href) as Promise<T>;

beforeAll(async () => {
  // Inside the project, so the bundle's external packages resolve from its node_modules as the build's do.
  const cache = path.join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, "ovella-bundled-"));
  await build({
    ...serverBundleOptions(),
    absWorkingDir: ROOT,
    entryPoints: {
      screen: "server/services/staff/password-screen.ts",
      passkeys: "server/services/staff/factors/passkeys.ts",
      transport: "server/services/outbox/transport.ts",
    },
    outdir: dir,
    logLevel: "silent",
  });
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("what the built server loads on first use works from the bundle", () => {
  it("the password screen refuses a common and a weak password and lets a passphrase through", async () => {
    const screen = await load<Screen>("screen");
    expect(await screen.isCommonPassword("password1")).toBe(true);
    expect(await screen.isCommonPassword("Harbour-Lights-42")).toBe(false);
    expect(await screen.isWeakPassword("P@ssw0rd1")).toBe(true);
    await expect(screen.refuseCommonPassword("Copper-Kettle-Lantern-31")).resolves.toBeUndefined();
  });

  it("passkeys make registration and sign-in options, and refuse an answer that proves nothing", async () => {
    const passkeys = await load<Passkeys>("passkeys");
    const rp = { name: "Ovella", id: "localhost", origin: "http://localhost:3000" };
    const options = await passkeys.registrationOptions(rp, { id: "user-1", username: "ana" }, []);
    expect(options.rp.id).toBe("localhost");
    expect(options.challenge.length).toBeGreaterThan(20);
    const signIn = await passkeys.authenticationOptions(rp, [{ credentialId: "AAAA", publicKey: "AAAA", signCount: 0, transports: ["usb"] }]);
    expect(signIn.allowCredentials?.[0]?.id).toBe("AAAA");
    const forged = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" }, clientExtensionResults: {} } as const;
    expect(await passkeys.verifiedRegistration(rp, options.challenge, forged)).toBeNull();
  });

  it("the mail transport writes an email file, and its SMTP probe reaches nodemailer", async () => {
    const transport = await load<Transport>("transport");
    const dataDir = mkdtempSync(path.join(dir, "data-"));
    const files = transport.createFileTransport(dataDir);
    await files.send("outbox-1", { from: "pilot@example.org", to: "ana@example.org", subject: "Your application", text: "Received." });
    expect(readFileSync(path.join(dataDir, "outbox", "outbox-1.eml"), "utf8")).toContain("Subject: Your application");
    // Nothing listens on port 1: the probe fails as a connection would, through nodemailer's own error.
    const smtp = transport.createSmtpTransport("smtp://127.0.0.1:1");
    await expect(smtp.verify?.()).rejects.toThrow(/ECONNREFUSED|connect/);
    smtp.close();
  });
});
