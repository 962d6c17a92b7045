import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  currentBuild,
  inUse,
  lockBuilds,
  newBuildFolder,
  pruneBuilds,
  readStamp,
  sourceStamp,
  switchBuild,
} from "./build-folders.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project of a few source files in a temporary folder. */
function project(): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "ovella-build-folders-")));
  roots.push(root);
  mkdirSync(path.join(root, "app"), { recursive: true });
  mkdirSync(path.join(root, "server"), { recursive: true });
  writeFileSync(path.join(root, "app", "page.tsx"), "export const page = 1;\n");
  writeFileSync(path.join(root, "server", "main.ts"), "export {};\n");
  writeFileSync(path.join(root, "package-lock.json"), "{}\n");
  return root;
}

/** A finished build folder (it has its stamp). */
function finishedBuild(root: string, stamp: string): string {
  const dir = newBuildFolder(root, stamp);
  writeFileSync(path.join(dir, "main.js"), "");
  writeFileSync(path.join(dir, "stamp.json"), JSON.stringify({ stamp, files: 1, startedAt: 1, finishedAt: 2 }));
  return dir;
}

describe("build folders (ADR 0093)", () => {
  it("stamps the sources: a source, the lock file or a build-time setting changes it, a test file does not", () => {
    const root = project();
    const first = sourceStamp(root, {});
    expect(first.files).toBe(3);
    expect(sourceStamp(root, {}).stamp).toBe(first.stamp);
    expect(sourceStamp(root, { NODE_ENV: "production" }).stamp).toBe(first.stamp);

    writeFileSync(path.join(root, "app", "page.test.tsx"), "test\n");
    expect(sourceStamp(root, {}).stamp).toBe(first.stamp);

    expect(sourceStamp(root, { SOURCEMAP: "1" }).stamp).not.toBe(first.stamp);
    expect(sourceStamp(root, { NODE_ENV: "development" }).stamp).not.toBe(first.stamp);
    writeFileSync(path.join(root, "brand.json"), '{"name":"A"}');
    const branded = sourceStamp(root, { BRAND_CONFIG: "brand.json" }).stamp;
    expect(branded).not.toBe(first.stamp);
    writeFileSync(path.join(root, "brand.json"), '{"name":"B"}');
    expect(sourceStamp(root, { BRAND_CONFIG: "brand.json" }).stamp).not.toBe(branded);

    writeFileSync(path.join(root, "package-lock.json"), '{"v":2}\n');
    const locked = sourceStamp(root, {}).stamp;
    expect(locked).not.toBe(first.stamp);
    writeFileSync(path.join(root, "app", "page.tsx"), "export const page = 2;\n");
    expect(sourceStamp(root, {}).stamp).not.toBe(locked);
  });

  it("switches `build` to a new folder in one rename, and moves a build folder of the old layout aside", () => {
    const root = project();
    mkdirSync(path.join(root, "build"));
    writeFileSync(path.join(root, "build", "main.js"), "old");
    expect(currentBuild(root)).toBe(path.join(root, "build"));
    expect(readStamp(currentBuild(root))).toBeNull();

    const a = finishedBuild(root, "a".repeat(64));
    switchBuild(root, a);
    expect(lstatSync(path.join(root, "build")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(root, "build"))).toBe(path.relative(root, a));
    expect(currentBuild(root)).toBe(a);
    expect(readStamp(a)?.stamp).toBe("a".repeat(64));
    expect(readdirSync(path.join(root, "builds")).some((name) => name.startsWith("before-build-folders-"))).toBe(true);

    const b = finishedBuild(root, "b".repeat(64));
    switchBuild(root, b);
    expect(currentBuild(root)).toBe(b);
    // No temporary link is left beside it.
    expect(readdirSync(root).filter((name) => name.startsWith("build"))).toEqual(["build", "builds"]);
  });

  it("keeps the current build, the two newest others and every build a live server runs from", () => {
    const root = project();
    const dirs = ["1", "2", "3", "4", "5"].map((n) => finishedBuild(root, n.repeat(64)));
    const [oldest, inUseByServer, third, fourth, newest] = dirs as [string, string, string, string, string];
    mkdirSync(path.join(inUseByServer, "servers"));
    writeFileSync(path.join(inUseByServer, "servers", `${process.pid}.json`), JSON.stringify({ host: hostname(), pid: process.pid, started: null }));
    // A server that was killed: its pid file names a process that is gone.
    mkdirSync(path.join(oldest, "servers"));
    writeFileSync(path.join(oldest, "servers", "999999999.json"), JSON.stringify({ host: hostname(), pid: 999_999_999, started: null }));
    const unfinished = newBuildFolder(root, "6".repeat(64));
    switchBuild(root, third);

    expect(inUse(inUseByServer)).toBe(true);
    expect(inUse(oldest)).toBe(false);
    const removed = pruneBuilds(root);
    expect(removed.toSorted()).toEqual([path.basename(oldest), path.basename(unfinished)].toSorted());
    for (const dir of [inUseByServer, third, fourth, newest]) expect(existsSync(dir)).toBe(true);
  });

  it("lets one build at a time hold the lock: a second waits for it, a dead holder's lock is taken over", async () => {
    const root = project();
    const release = await lockBuilds(root);
    let waitedFor: number | null = null;
    let second: (() => void) | null = null;
    const waiting = lockBuilds(root, { pollMs: 20, onWait: (pid) => (waitedFor = pid) }).then((r) => (second = r));
    await new Promise((r) => setTimeout(r, 100));
    expect(waitedFor).toBe(process.pid);
    expect(second).toBeNull();
    release();
    await waiting;
    expect(second).not.toBeNull();
    (second as unknown as () => void)();

    // A lock left by a process that is gone (here: a child that exited) does not block the next build.
    const child = spawn(process.execPath, ["-e", ""]);
    const pid = child.pid as number;
    await new Promise((r) => child.once("exit", r));
    writeFileSync(path.join(root, "builds", ".lock"), JSON.stringify({ host: hostname(), pid, started: null, token: "gone" }));
    const taken = await lockBuilds(root, { pollMs: 20 });
    taken();
    expect(existsSync(path.join(root, "builds", ".lock"))).toBe(false);
  });
});
