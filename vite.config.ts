import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { readBrandOverrides } from "./scripts/build/brand-overrides.mjs";

/**
 * Browser chunks that every hydrated page loads (the admin, `/unsubscribe`, and any page React renders
 * after a client-side navigation), grouped into a few files: on a slow phone network each request costs
 * a round trip (docs/decisions/0018-form-pages-first-load.md). A group takes the modules its members
 * import with it, so a group of marketing sections (which import the signup form) would make the admin
 * download the form's code: public pages are served without React at first load, and need no group of
 * their own.
 */
const CLIENT_CHUNK_GROUPS = [
  // React, React DOM and React Router: needed by every page that hydrates, changed only by upgrades.
  { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  // The public site's shell: header, footer, consent banner, tracker, toast state, buttons.
  {
    name: "site",
    test: /[\\/](app[\\/](components[\\/](site|consent)[\\/]|tracking[\\/]|page-scripts[\\/]handle|components[\\/]ui[\\/](button|toast|cn)\.)|core[\\/](brand|limits)\.ts|node_modules[\\/](clsx|class-variance-authority|tailwind-merge|@radix-ui[\\/]react-(slot|compose-refs))[\\/])/,
    priority: 20,
  },
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
  // The script of pages served without React (app/page-scripts/static-page.ts, built as a worker-style
  // bundle) loads its form islands with dynamic imports: ES output keeps them separate chunks.
  worker: { format: "es" },
  // The server's page build bundles these instead of importing them at start: Node loads an ESM package's
  // every module (radix-ui is dozens of packages), which took seconds of each restart; bundled, only what
  // the pages use is in build/server/index.js.
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//] },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } } } } },
  },
});
