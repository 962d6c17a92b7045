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
});
