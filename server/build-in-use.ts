/**
 * A server leaves its pid in the build folder it runs from (`servers/<pid>.json`, host, pid and process start
 * time), so a later build's clean-up keeps that folder while the server lives (scripts/build/build-folders.mjs,
 * ADR 0093). The file goes when the process exits; one left by kill -9 names a process that is gone.
 */
import { mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { processStartTime } from "./db/data-dir-lock";

export function markBuildInUse(buildDir: string): void {
  const file = path.join(buildDir, "servers", `${process.pid}.json`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ host: hostname(), pid: process.pid, started: processStartTime(process.pid) }));
  } catch {
    // A build folder the server may not write to (a read-only deploy): the clean-up keeps the newest builds anyway.
    return;
  }
  process.once("exit", () => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  });
}
