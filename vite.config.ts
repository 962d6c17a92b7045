import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: false },
});
