/** The data-directory lock: a live holder always blocks, a dead one (kill -9) is taken over at once. */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock";

const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "ovella-lock-"));
  dirs.push(dir);
  return dir;
}

/** Starts another Node process that takes the lock and holds it until killed. */
async function holdInChild(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.join(here, "data-dir-lock.ts"))});
    lockDataDir(process.argv[1]);
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second holder while a live process holds the directory", async () => {
    const dir = tempDir();
    await holdInChild(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // Also within one process: a second open of the same directory is refused.
    const other = tempDir();
    const release = lockDataDir(other);
    expect(() => lockDataDir(other)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path.join(other, LOCK_FILE))).toBe(false);
  });

  it("takes over at once from a holder killed with SIGKILL", async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const release = lockDataDir(dir);
    const record = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")) as { pid: number };
    expect(record.pid).toBe(process.pid);
    release();
  });

  it("treats a lock whose pid now belongs to a process started at another time as stale", () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ host: hostname(), pid: process.pid, started: "1", token: "old" }),
    );
    const release = lockDataDir(dir);
    release();
  });

  it("lets only one of many simultaneous takeovers win", async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(path.join(here, "data-dir-lock.ts"))});
      try { lockDataDir(process.argv[1]); process.stdout.write("won\\n"); } catch { process.stdout.write("lost\\n"); }
      setTimeout(() => {}, 1500);
    `;
    const racers = Array.from({ length: 4 }, () => {
      const racer = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(racer);
      return new Promise<string>((resolve) => {
        let out = "";
        racer.stdout?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.trim());
        });
      });
    });
    const results = await Promise.all(racers);
    expect(results.filter((r) => r === "won")).toHaveLength(1);
  });
});
