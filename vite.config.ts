import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { readBrandOverrides } from "./scripts/brand-overrides.mjs";

/**
 * Browser chunks that every hydrated public page loads, grouped into a few files: on a slow phone
 * network each request costs a round trip, and two dozen small files queued ahead of the stylesheet
 * (docs/decisions/0018-form-pages-first-load.md).
 */
const CLIENT_CHUNK_GROUPS = [
  // React, React DOM and React Router: needed by every page that hydrates, changed only by upgrades.
  { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  // The public site's shell: header, footer, consent banner, tracker, toast state, buttons, and the
  // hydration marker every hydrated page sets (forms/deferred).
  {
    name: "site",
    test: /[\\/](app[\\/](components[\\/](site|consent)[\\/]|components[\\/]forms[\\/]deferred\.|tracking[\\/]|enhance[\\/]handle|components[\\/]ui[\\/](button|toast|cn)\.)|core[\\/](brand|limits)\.ts|node_modules[\\/](clsx|class-variance-authority|tailwind-merge|@radix-ui[\\/]react-(slot|compose-refs))[\\/])/,
    priority: 20,
  },
  // The marketing sections shared by the landing, apply and campaign pages.
  { name: "marketing", test: /[\\/]app[\\/]components[\\/]marketing[\\/]/, priority: 10 },
];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  define: { __BRAND_OVERRIDES__: JSON.stringify(readBrandOverrides()) },
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: process.env.SOURCEMAP === "1" },
  // The script of pages served without React (app/enhance/static-page.ts, built as a worker-style
  // bundle) loads its form islands with dynamic imports: ES output keeps them separate chunks.
  worker: { format: "es" },
  // The server's page build bundles these instead of importing them at start: Node loads an ESM package's
  // every module (radix-ui is dozens of packages, date-fns hundreds of files), which took seconds of each
  // restart; bundled, only what the pages use is in build/server/index.js.
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//, "date-fns"] },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } } } } },
  },
});
