import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { readBrandOverrides } from "./scripts/brand-overrides.mjs";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  define: { __BRAND_OVERRIDES__: JSON.stringify(readBrandOverrides()) },
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: false },
  // The server's page build bundles these instead of importing them at start: Node loads an ESM package's
  // every module (radix-ui is dozens of packages, date-fns hundreds of files), which took seconds of each
  // restart; bundled, only what the pages use is in build/server/index.js.
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//, "date-fns"] },
});
