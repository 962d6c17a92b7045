// Runs a command with a Node.js new enough for this project (>= 22.12; Node 24 LTS preferred).
// On an older Node it installs Node 24 from the npm registry once (into ~/.node24, or NODE24_PREFIX)
// and puts it first on PATH for the command. Written in plain JavaScript that old Node versions run.
//   node scripts/build/with-node24.mjs <command> [args...]
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/build/with-node24.mjs <command> [args...]");
  process.exit(2);
}

const [major, minor] = process.versions.node.split(".").map(Number);
const supported = major > 22 || (major === 22 && minor >= 12);
const env = { ...process.env };

if (!supported) {
  const prefix = process.env.NODE24_PREFIX || path.join(homedir(), ".node24");
  const bin = path.join(prefix, "node_modules", ".bin");
  if (!existsSync(path.join(bin, "node"))) {
    console.log(`Node ${process.versions.node} is too old; installing Node 24 from the npm registry into ${prefix}`);
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "node@24"], {
      stdio: "inherit",
    });
  }
  env.PATH = `${bin}${path.delimiter}${env.PATH ?? ""}`;
}

const child = spawn(command, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
