// How esbuild bundles the server's code (scripts/build/build-server.mjs): the options the build and the tests
// that check the bundle's behaviour share, so a test bundles exactly as the build does.

/** Packages left to Node: native code or wasm files, and what the page build loads too (one copy serves both). */
const SERVER_EXTERNALS = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "@ovella/malloc-trim",
  "pg-native",
  "react-router",
  "@react-router/*",
  "react",
  "react-dom",
  "vite",
  "@react-email/*",
  "zod",
];

/** esbuild's options for the server's bundle, without its entry points and folder. */
export function serverBundleOptions({ brandOverrides = {} } = {}) {
  return {
    bundle: true,
    // Modules loaded on demand (the email composer, the rare moves' libraries) become chunks of their own, with the
    // packages only they import (ADR 0115, ADR 0116).
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node22",
    legalComments: "none",
    external: SERVER_EXTERNALS,
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    define: { __BRAND_OVERRIDES__: JSON.stringify(brandOverrides) },
  };
}
