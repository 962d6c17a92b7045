// Bundles the production server (server/main.ts) into build/server.js, and the courier process's entry
// into build/courier-worker.js (`build` here: the folder named on the command line, a new folder under
// builds/ when scripts/build/build.mjs runs it, ADR 0093), with the options of ./server-bundle.mjs. Drizzle,
// Express and pino are bundled in (fast start, low memory); packages with native code or wasm files, React
// Router and zod (the page build loads them too, so one copy serves both, ADR 0116) and React Email (which
// loads its formatter lazily) stay external.
// build/main.js is a two-line entry that defaults NODE_ENV to production before anything loads React
// (React and React DOM pick their build, development or production, when first loaded; the development
// build renders several times slower), then loads the bundle, build/server.js.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { readBrandOverrides } from "./brand-overrides.mjs";
import { serverBundleOptions } from "./server-bundle.mjs";

const outdir = process.argv[2] ?? "build";

await build({
  ...serverBundleOptions({ brandOverrides: readBrandOverrides() }),
  // The server, and the courier process it starts to render and send emails (ADR 0066).
  entryPoints: {
    server: "server/main.ts",
    "courier-worker": "server/services/outbox/courier-worker.ts",
    // A new embedded database is made in a process of its own (ADR 0105).
    "initdb-worker": "server/db/initdb-worker.ts",
  },
  outdir,
  sourcemap: "linked",
  logLevel: "warning",
});

writeFileSync(
  path.join(outdir, "main.js"),
  '// Entry of the built server: React must load in its production build unless told otherwise.\n' +
    'process.env.NODE_ENV ??= "production";\n' +
    'await import("./server.js");\n',
);
