import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { PGLITE_SHARED_BUFFERS } from "./pglite-settings";

const dir = mkdtempSync(path.join(tmpdir(), "ovella-pglite-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database's memory settings (ADR 0105)", () => {
  it("opens DATA_DIR with the smaller shared buffers, PGlite's own start parameters kept", { timeout: 60_000 }, async () => {
    const handle = await openDatabase({ engine: "pglite", dataDir: dir });
    try {
      const show = async (name: string) => {
        const result = await handle.db.execute(sql.raw(`show ${name}`));
        const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, string>[] }).rows) as Record<string, string>[];
        return rows[0]?.[name];
      };
      expect(await show("shared_buffers")).toBe(PGLITE_SHARED_BUFFERS);
      // PGlite's defaults still apply beside it (a replaced list would lose them).
      expect(await show("max_worker_processes")).toBe("0");
      expect(await show("io_method")).toBe("sync");
    } finally {
      await handle.close();
    }
  });
});
