/**
 * `npm run restore -- FILE`: puts a backup of the embedded database back into DATA_DIR while the server is
 * stopped (ADR 0063). The file's checksum and BACKUP_KEY are checked before anything changes; every erasure made
 * after the backup was taken is applied again (ADR 0064); the database it replaces is kept beside it as
 * DATA_DIR/pglite.before-restore-<time>. Exit codes: 0 restored, 1 refused or failed (nothing changed), 2 wrong usage.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { backupKeyBytes, ConfigError, readEnv } from "../config/env";
import { BackupFileError } from "../services/backups/format";
import { restoreBackup, RestoreRefusedError } from "../services/backups/restore";
import { erasureLedgerPath } from "../services/privacy/erasure-ledger";

export interface RestoreIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run restore -- FILE

Restores an encrypted backup (BACKUP_DIR/ovella-….backup) into DATA_DIR. Stop the server first.
Needs BACKUP_KEY (the key the backup was written with) and, when it was set, PRIVACY_HASH_SECRET.
Erasures recorded in DATA_DIR/erasure-ledger.jsonl after the backup was taken are applied again.
The database it replaces is kept as DATA_DIR/pglite.before-restore-<time>.`;

export async function main(argv: string[], io: RestoreIo): Promise<number> {
  let file: string | undefined;
  try {
    const parsed = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
    if (parsed.values.help) {
      io.out(USAGE);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error(parsed.positionals.length ? "Only one FILE" : "FILE is required");
    file = parsed.positionals[0];
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const env = readEnv(io.env);
    if (env.DATABASE_URL) {
      throw new RestoreRefusedError("DATABASE_URL is set: restore PostgreSQL with its own tools (pg_restore; docs/deploy.md)");
    }
    const key = env.BACKUP_KEY ? backupKeyBytes(env.BACKUP_KEY) : null;
    if (!key) throw new RestoreRefusedError("BACKUP_KEY is not set: it is the key the backup was written with");
    io.out("Checking the backup and restoring it…");
    const result = await restoreBackup({
      file: file as string,
      dataDir: env.DATA_DIR,
      key,
      hashSecret: env.PRIVACY_HASH_SECRET,
      ledger: erasureLedgerPath(env.DATA_DIR),
    });
    io.out(`Restored the backup taken at ${result.takenAt.toISOString()}.`);
    io.out(`Erasures after it: ${result.erasuresAfterBackup} recorded, ${result.subjectsErasedAgain} found in the backup and erased again.`);
    if (result.previousDir) io.out(`The database it replaced is kept in ${result.previousDir} (remove it once the restore is checked).`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) io.err(error.message);
    else if (error instanceof RestoreRefusedError || error instanceof BackupFileError) io.err(`Error: ${error.message}. Nothing was changed.`);
    else io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
