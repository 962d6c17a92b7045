/**
 * `npm run backup`: one encrypted backup of the embedded database into BACKUP_DIR (ADR 0063).
 * With the server running (it holds DATA_DIR's lock), the command asks it for one (SIGUSR2 to the pid in the
 * lock file, same host) and waits until the new file is in BACKUP_DIR; with the server stopped, it takes the
 * backup itself. Exit codes: 0 written, 1 refused or failed, 2 wrong usage.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ConfigError, readEnv, type Env } from "../config/env";
import { hasEmbeddedDatabase, openDatabase } from "../db/client";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "../db/data-dir-lock";
import { backupServiceFromEnv } from "../services";
import { BACKUP_SIGNAL, listBackups } from "../services/backups";

export interface BackupIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run backup [-- --timeout SECONDS]

Writes one encrypted backup of the embedded database into BACKUP_DIR (needs BACKUP_DIR and BACKUP_KEY).
A running server is asked for it (it takes the snapshot while serving); a stopped one is backed up directly.
--timeout: how long to wait for a running server's backup (default 600 s).`;

class Refused extends Error {}

export async function main(argv: string[], io: BackupIo): Promise<number> {
  let timeoutMs: number;
  try {
    const parsed = parseArgs({ args: argv, options: { help: { type: "boolean", short: "h" }, timeout: { type: "string" } } });
    if (parsed.values.help) {
      io.out(USAGE);
      return 0;
    }
    timeoutMs = Number(parsed.values.timeout ?? 600) * 1000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error("--timeout must be a number of seconds");
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const env = readEnv(io.env);
    if (env.DATABASE_URL) throw new Refused("DATABASE_URL is set: back PostgreSQL up with pg_dump or pg_basebackup (docs/deploy.md)");
    if (!env.BACKUP_DIR) throw new Refused("BACKUP_DIR is not set");
    // Opening an empty DATA_DIR would create a database there and back that up (ADR 0097).
    if (!hasEmbeddedDatabase(env.DATA_DIR)) {
      throw new Refused(`DATA_DIR (${path.resolve(env.DATA_DIR)}) holds no database: nothing was backed up. Is DATA_DIR the server's?`);
    }
    const name = (await askRunningServer(env, timeoutMs)) ?? (await backUpStopped(env));
    io.out(`Backup written: ${path.join(path.resolve(env.BACKUP_DIR), name)}`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) io.err(error.message);
    else io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** The name of the backup a running server wrote when asked; null when no server holds DATA_DIR. */
async function askRunningServer(env: Env, timeoutMs: number): Promise<string | null> {
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    lockDataDir(dataDir)();
    return null;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  const holder = readHolder(dataDir);
  if (!holder || holder.host !== hostname()) {
    throw new Refused("the data directory is held by a process this command cannot reach: use the admin's \"Back up now\"");
  }
  const dir = path.resolve(env.BACKUP_DIR as string);
  const before = (await listBackups(dir))[0]?.name;
  process.kill(holder.pid, BACKUP_SIGNAL);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const newest = (await listBackups(dir))[0];
    if (newest && newest.name !== before && newest.checksumOk) return newest.name;
  }
  throw new Refused("the running server wrote no backup in time: see its log (\"backup failed\")");
}

function readHolder(dataDir: string): { host: string; pid: number } | null {
  try {
    const record = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { host?: unknown; pid?: unknown };
    return typeof record.host === "string" && typeof record.pid === "number" ? { host: record.host, pid: record.pid } : null;
  } catch {
    return null;
  }
}

async function backUpStopped(env: Env): Promise<string> {
  const database = await openDatabase({ engine: "pglite", dataDir: env.DATA_DIR });
  try {
    const backup = await backupServiceFromEnv(env, database).runNow();
    return backup.name;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
