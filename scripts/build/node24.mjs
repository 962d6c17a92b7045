// A Node.js new enough for this project (>= 22.12; Node 24 LTS preferred), for the commands that start one.
// On an older Node it installs Node 24 from the npm registry once (into ~/.node24, or NODE24_PREFIX) and returns an
// environment with it first on PATH. Written in plain JavaScript that old Node versions run.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/**
 * `env` with a supported Node first on PATH (unchanged when the running Node is supported).
 * @param {Record<string, string | undefined>} env
 */
export function envWithNode24(env) {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return { ...env };
  const prefix = env.NODE24_PREFIX || path.join(homedir(), ".node24");
  const bin = path.join(prefix, "node_modules", ".bin");
  if (!existsSync(path.join(bin, "node"))) {
    console.log(`Node ${process.versions.node} is too old; installing Node 24 from the npm registry into ${prefix}`);
    // The node package fetches its binary in a preinstall script: allowed by name, as npm 12 asks of every script.
    mkdirSync(prefix, { recursive: true });
    const manifest = path.join(prefix, "package.json");
    if (!existsSync(manifest)) writeFileSync(manifest, `${JSON.stringify({ private: true, allowScripts: { node: true } })}\n`);
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "node@24"], {
      stdio: "inherit",
    });
  }
  return { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` };
}

/**
 * Runs `command` with `env` and this process's standard streams, passes SIGINT and SIGTERM on, and exits as it does.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function runForwarding(command, args, env) {
  const child = spawn(command, args, { stdio: "inherit", env });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
