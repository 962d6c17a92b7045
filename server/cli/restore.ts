/**
 * `npm run restore -- FILE`: puts a backup of the embedded database back into DATA_DIR while the server is
 * stopped (ADR 0063). The file's checksum and BACKUP_KEY are checked before anything changes; every erasure made
 * after the backup was taken is applied again (ADR 0064, 0106: from every ledger it finds), and so is every
 * revocation (ADR 0107), and every staff session ends; the database it replaces
 * is sealed as an encrypted backup into BACKUP_DIR. `--erasures-since TIME` does the erasure part alone, for a
 * database restored with PostgreSQL's own tools. Exit codes: 0 restored, 1 refused or failed (nothing changed),
 * 2 wrong usage.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { backupKeyBytes, ConfigError, readEnv } from "../config/env";
import { databaseOptionsFromEnv, openDatabase } from "../db/client";
import { BackupFileError, ledgerBesideBackups, reapplyErasures, recordRestore, restoreBackup, RestoreRefusedError } from "../services/backups";
import { erasureLedgerPath, mergeLedgers, readErasureLedger } from "../services/privacy";
import { mergeRevocations, reapplyRevocations, readRevocationLedger, REVOCATION_LEDGER_FILE, revocationLedgerPath, type RevocationsReapplied } from "../services/staff";

export interface RestoreIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run restore -- FILE [--ledger FILE]… [--accept-missing-ledger]
       npm run restore -- --erasures-since TIME [--ledger FILE]…

FILE: restores an encrypted backup (BACKUP_DIR/ovella-….backup) into DATA_DIR. Stop the server first.
Needs BACKUP_KEY (the key the backup was written with) and, when it was set, PRIVACY_HASH_SECRET.
Erasures made after the backup was taken are applied again, from every erasure ledger found:
DATA_DIR/erasure-ledger.jsonl, the erasure-ledger.jsonl beside the backup, the one inside the backup
and inside the other backups of its folder, and each --ledger FILE. A backup older than the newest
erasure known, with no ledger outside the backups, is refused unless --accept-missing-ledger is given.
Revocations made after it (API keys, deleted or deactivated accounts, changed passwords, reset
factors) are applied again from the revocation-ledger.jsonl beside each of those, and from inside
the backups; every staff session ends (everyone signs in again).
The database it replaces is sealed as an encrypted backup into BACKUP_DIR (else the backup's folder).

--erasures-since TIME: after restoring PostgreSQL with its own tools (pg_restore, point-in-time
recovery), applies again every erasure and revocation the ledgers record from TIME (ISO 8601, the
backup's time) on, to the database of DATABASE_URL (or DATA_DIR), and ends every staff session.
--ledger: another instance's ledger file (its ${REVOCATION_LEDGER_FILE} beside it is read too).`;

export async function main(argv: string[], io: RestoreIo): Promise<number> {
  let file: string | undefined;
  let since: Date | undefined;
  let ledgers: string[] = [];
  let acceptMissingLedger = false;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        "erasures-since": { type: "string" },
        ledger: { type: "string", multiple: true },
        "accept-missing-ledger": { type: "boolean" },
      },
    });
    if (parsed.values.help) {
      io.out(USAGE);
      return 0;
    }
    ledgers = parsed.values.ledger ?? [];
    acceptMissingLedger = parsed.values["accept-missing-ledger"] === true;
    if (parsed.values["erasures-since"] !== undefined) {
      since = new Date(parsed.values["erasures-since"]);
      if (Number.isNaN(since.getTime())) throw new Error("--erasures-since must be an ISO 8601 time, for example 2026-11-25T03:00:00Z");
      if (parsed.positionals.length > 0) throw new Error("--erasures-since takes no FILE");
    } else {
      if (parsed.positionals.length !== 1) throw new Error(parsed.positionals.length ? "Only one FILE" : "FILE is required");
      file = parsed.positionals[0];
    }
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const env = readEnv(io.env);
    if (since) {
      const database = await openDatabase(databaseOptionsFromEnv(env));
      try {
        const files = ledgers.length > 0 ? ledgers.map((f) => path.resolve(f)) : [erasureLedgerPath(env.DATA_DIR)];
        const entries = mergeLedgers(...(await Promise.all(files.map((f) => readErasureLedger(f)))));
        const revocationFiles = [...new Set([...files, ...files.map((f) => revocationLedgerPath(path.dirname(f)))])];
        const revoked = mergeRevocations(...(await Promise.all(revocationFiles.map((f) => readRevocationLedger(f)))));
        const result = await reapplyErasures(
          database.db,
          since,
          { hashSecret: env.PRIVACY_HASH_SECRET, entries },
          env.DATA_DIR,
          () => new Date(),
        );
        io.out(`Erasures since ${since.toISOString()}: ${result.entries} recorded, ${result.subjects} found in the database and erased again.`);
        const revocations = await reapplyRevocations(database.db, since, revoked, () => new Date());
        await recordRestore(database.db, new Date(), since, result, revocations);
        io.out(describeRevocations(revocations));
      } finally {
        await database.close();
      }
      return 0;
    }
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
      revocationLedger: revocationLedgerPath(env.DATA_DIR),
      // The copy beside the backups of this instance, wherever the backup being restored was copied from.
      extraLedgers: [...ledgers, ...(env.BACKUP_DIR && existsSync(ledgerBesideBackups({ dir: path.resolve(env.BACKUP_DIR) }) as string) ? [ledgerBesideBackups({ dir: path.resolve(env.BACKUP_DIR) }) as string] : [])],
      acceptMissingLedger,
      ...(env.MFA_KEY ? { factorKey: backupKeyBytes(env.MFA_KEY) ?? undefined } : {}),
      previousTo: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.dirname(path.resolve(file as string)),
    });
    io.out(`Restored the backup taken at ${result.takenAt.toISOString()}.`);
    io.out(`Erasure ledgers read: ${result.ledgersRead.length === 0 ? "none but the backup's own" : result.ledgersRead.join(", ")}.`);
    io.out(`Erasures after it: ${result.erasuresAfterBackup} recorded, ${result.subjectsErasedAgain} found in the backup and erased again.`);
    io.out(describeRevocations(result.revocations));
    const { sealed, unreadable } = result.factorSecrets;
    io.out(`Authenticator secrets sealed with this server's second-factor key: ${sealed}.`);
    if (unreadable > 0) {
      io.err(`Warning: ${unreadable} authenticator app(s) could not be opened with any key at hand; those members sign in with a recovery code or a passkey, or a super admin resets their factors.`);
    }
    if (result.previousBackup) io.out(`The database it replaced is sealed in ${result.previousBackup} (encrypted with BACKUP_KEY; it ages out like any backup).`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) io.err(error.message);
    else if (error instanceof RestoreRefusedError || error instanceof BackupFileError) io.err(`Error: ${error.message}. Nothing was changed.`);
    else io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function describeRevocations(r: RevocationsReapplied): string {
  return (
    `Revocations after it: ${r.entries} recorded; applied again: ${r.apiKeys} API keys revoked, ${r.staffDeleted} accounts deleted, ` +
    `${r.staffDeactivated} deactivated, ${r.passwordsDisabled} old passwords disabled (set a new one), ${r.factorsReset} second factors reset, ` +
    `${r.recoveryCodesRevoked} sets of recovery codes revoked. ${r.sessionsEnded} staff sessions ended: everyone signs in again.`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
