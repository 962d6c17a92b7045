import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  test: {
    include: ["{app,core,server,scripts,tests}/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**", "builds/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The databases every test copies, migrated once per run (testing/global-setup.ts).
    globalSetup: ["testing/global-setup.ts"],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine (CI's), which
    // ran the files one after another (31 min, ADR 0079). The files are independent (each makes its own
    // databases and directories), so two at a time there; the default elsewhere.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
