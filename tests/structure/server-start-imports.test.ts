/**
 * What the server loads when it starts (ADR 0105): the email composer (React Email, its Tailwind, html-to-text, the
 * calendar invite) is loaded on demand by the courier, so the server that hands its emails to the courier process
 * never holds it. The same for the libraries of rare moves (ADR 0116): the password screen's word lists, passkeys'
 * WebAuthn library and nodemailer (the courier process sends). Read from the bundler's own graph of the production
 * entry, bundled with the build's options (scripts/build/server-bundle.mjs), made once for both checks.
 */
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { serverBundleOptions } from "../../scripts/build/server-bundle.mjs";
import { ROOT } from "./import-graph";

async function graphOf(entry: string): Promise<Metafile> {
  const result = await build({
    ...serverBundleOptions(),
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
    // Every package an edge of its own in the graph, bundled or not.
    packages: "external",
  });
  return result.metafile;
}

let serverGraph: Promise<Metafile> | undefined;
const graphOfServer = () => (serverGraph ??= graphOf("server/main.ts"));

/** Every module and package `entry` reaches by static imports alone (a dynamic `import()` is where loading waits). */
function staticallyReached(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of metafile.inputs[file]?.imports ?? []) {
      if (edge.kind === "dynamic-import" || seen.has(edge.path)) continue;
      seen.add(edge.path);
      queue.push(edge.path);
    }
  }
  return seen;
}

const emailRenderer = (module: string) => module.startsWith("@react-email/") || module === "server/services/mail-templates/index.ts";

describe("what the server loads at its start", () => {
  it("the server's entry reaches no email renderer by a static import", async () => {
    const metafile = await graphOfServer();
    const reached = staticallyReached(metafile, "server/main.ts");
    expect(reached.has("server/services/outbox/index.ts")).toBe(true);
    expect([...reached].filter(emailRenderer)).toEqual([]);
    // It is there, behind the courier's import(): with every edge followed, React Email is reached.
    expect(Object.values(metafile.inputs).some((input) => input.imports.some((edge) => edge.path.startsWith("@react-email/")))).toBe(true);
  });

  it("the server's entry loads the password screen's lists, WebAuthn and nodemailer only when first used", async () => {
    const metafile = await graphOfServer();
    const reached = staticallyReached(metafile, "server/main.ts");
    const onDemand = ["@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "@simplewebauthn/server", "nodemailer", "nodemailer/lib/mail-composer"];
    expect([...reached].filter((module) => onDemand.includes(module))).toEqual([]);
    // Each is behind an import() the server does reach: the screen, the passkeys and the transport are in the graph.
    const dynamic = new Set(Object.values(metafile.inputs).flatMap((input) => input.imports.filter((edge) => edge.kind === "dynamic-import").map((edge) => edge.path)));
    expect(onDemand.filter((module) => !dynamic.has(module))).toEqual([]);
    for (const module of ["server/services/staff/password-screen.ts", "server/services/staff/factors/passkeys.ts", "server/services/outbox/transport.ts"]) {
      expect(reached.has(module), module).toBe(true);
    }
  });
});
