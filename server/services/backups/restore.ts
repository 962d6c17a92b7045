/**
 * Restore of a backup into DATA_DIR while the server is stopped (ADR 0063, 0064):
 *
 * 1. the data directory's lock is taken (a running server holds it: refused, nothing touched);
 * 2. the file's checksum, key and authentication tag are checked before anything is written;
 * 3. the snapshot is unpacked into a new directory beside the database, opened, migrated to this version, and
 *    every erasure the ledger records from the backup's time on is applied again to it, so nobody who asked to
 *    be forgotten comes back; so is every revocation (API keys, deleted and deactivated accounts, changed
 *    passwords, reset factors, replaced recovery codes: ADR 0107), and every staff session is ended;
 * 4. the new directory is fsynced and swapped in under a marker the server refuses to start beside (an interrupted
 *    swap is finished by running the restore again); the database it replaces is first sealed as an encrypted
 *    backup (BACKUP_KEY) into the backup folder, where it ages out like any backup, and its directory removed:
 *    no copy in clear is left behind (ADR 0106).
 *
 * The erasures come from every ledger the restore finds (ADR 0106): DATA_DIR's, the copy beside the backup, the
 * one inside it, any `--ledger` file, and those inside the other backups of its folder. With no ledger outside the
 * backups for a backup older than the newest erasure they know of, the restore refuses unless told to go on.
 * The revocation ledger travels the same way and is read from the same places (ADR 0107).
 *
 * Any failure before the swap removes the new directory and leaves DATA_DIR as it was.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrationsFolder, PGLITE_SESSION_SETTINGS, RESTORE_MARKER, schema, type Database } from "../../db/client";
import { PGLITE_EXTENSIONS } from "../../db/pglite-settings";
import { applyMigrations } from "../../db/migrations";
import { DataDirLockedError, lockDataDir } from "../../db/data-dir-lock";
import { applications, contactMessages, emailOutbox, privacyRequests } from "../../db/schema";
import { type Actor, createAuditService } from "../audit";
import {
  appendMissing,
  ERASURE_LEDGER_FILE,
  eraseSubject,
  type ErasureLedgerEntry,
  hashKeyFingerprint,
  mergeLedgers,
  normaliseEmail,
  readErasureLedger,
  resolveHashSecret,
  scrubErasedRows,
  subjectHash,
} from "../privacy";
import {
  appendMissingRevocations,
  createFactorKeyFile,
  createFactorSecretBox,
  FactorKeyError,
  factorKeyIdOf,
  factorKeyPath,
  readFactorKey,
  recordFactorKeyId,
  resealFactorSecrets,
  mergeRevocations,
  reapplyRevocations,
  readRevocationLedger,
  REVOCATION_LEDGER_FILE,
  type RevocationEntry,
  type RevocationsReapplied,
} from "../staff";
import { factorKeyOf, inspectBackupFile, ledgerOf, openBackup, revocationsOf } from "./format";
import { backupFileName, listBackups, syncDirectory } from "./store";
import { writeBackup } from "./write";

/** The restore cannot go on; DATA_DIR is unchanged. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  key: Buffer;
  /** PRIVACY_HASH_SECRET when configured; otherwise the restored database's own. */
  hashSecret?: string;
  /** The erasure ledger (DATA_DIR/erasure-ledger.jsonl). */
  ledger: string;
  /** The revocation ledger (DATA_DIR/revocation-ledger.jsonl, ADR 0107). */
  revocationLedger: string;
  /** Other ledger files to read (`--ledger`): another instance's, or a copy kept elsewhere; the revocation ledger
   * beside each is read too. */
  extraLedgers?: string[];
  /** Restore even when no ledger outside the backups covers the time after the backup (`--accept-missing-ledger`). */
  acceptMissingLedger?: boolean;
  /** MFA_KEY when configured (ADR 0108): the restored authenticator secrets are sealed with it. */
  factorKey?: Buffer;
  /** The folder the replaced database is sealed into (BACKUP_DIR; else the backup's own folder). */
  previousTo: string;
  now?: () => Date;
}

export interface RestoreResult {
  takenAt: Date;
  /** Ledger entries from the backup's time on. */
  erasuresAfterBackup: number;
  /** People found in the restored data and erased again. */
  subjectsErasedAgain: number;
  /** What the revocations recorded from the backup's time on changed in it (every session ended). */
  revocations: RevocationsReapplied;
  /** The encrypted backup the replaced database was sealed into (null when DATA_DIR had none). */
  previousBackup: string | null;
  /** The ledgers read: files outside the backups, and backups whose inside ledger was read. */
  ledgersRead: string[];
  /** Authenticator secrets sealed anew with this DATA_DIR's key, and those no key given could open (ADR 0108). */
  factorSecrets: { sealed: number; unreadable: number };
}

const RESTORE_ACTOR: Actor = { id: null, username: "restore" };

interface SwapPlan {
  staging: string;
  previous: string;
}

interface GatheredLedgers {
  entries: ErasureLedgerEntry[];
  revocations: RevocationEntry[];
  outside: boolean;
  read: string[];
}

/** Every erasure and revocation the restore can learn of, and whether a ledger outside the backups was among its sources. */
async function gatherLedgers(options: RestoreOptions, inside: { erasures: ErasureLedgerEntry[]; revocations: RevocationEntry[] }): Promise<GatheredLedgers> {
  const folder = path.dirname(path.resolve(options.file));
  const extras = (options.extraLedgers ?? []).map((f) => path.resolve(f));
  for (const extra of options.extraLedgers ?? []) {
    if (!existsSync(path.resolve(extra))) throw new RestoreRefusedError(`the ledger file ${extra} does not exist`);
  }
  const erasureFiles = [...new Set([options.ledger, path.join(folder, ERASURE_LEDGER_FILE), ...extras])].filter((file) => existsSync(file));
  // The revocation ledger sits beside each erasure ledger; a `--ledger` file may also be a revocation ledger.
  const revocationFiles = [
    ...new Set([options.revocationLedger, path.join(folder, REVOCATION_LEDGER_FILE), ...extras, ...extras.map((f) => path.join(path.dirname(f), REVOCATION_LEDGER_FILE))]),
  ].filter((file) => existsSync(file));
  const fromFiles = await Promise.all(erasureFiles.map((file) => readErasureLedger(file)));
  const revokedInFiles = await Promise.all(revocationFiles.map((file) => readRevocationLedger(file)));
  // The other backups of the folder carry the ledgers as they stood when each was taken.
  const siblings: string[] = [];
  const fromSiblings: ErasureLedgerEntry[][] = [];
  const revokedInSiblings: RevocationEntry[][] = [];
  for (const backup of await listBackups(folder)) {
    const file = path.join(folder, backup.name);
    if (file === path.resolve(options.file) || !backup.checksumOk) continue;
    try {
      const { manifest } = await inspectBackupFile(file);
      fromSiblings.push(ledgerOf(manifest));
      revokedInSiblings.push(revocationsOf(manifest));
      siblings.push(file);
    } catch {
      // A file that changed meanwhile tells nothing.
    }
  }
  return {
    entries: mergeLedgers(inside.erasures, ...fromFiles, ...fromSiblings),
    revocations: mergeRevocations(inside.revocations, ...revokedInFiles, ...revokedInSiblings),
    outside: erasureFiles.length + revocationFiles.length > 0,
    read: [...new Set([...erasureFiles, ...revocationFiles])].concat(siblings),
  };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? (() => new Date());
  const dataDir = path.resolve(options.dataDir);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreRefusedError(`the data directory is in use by a running Ovella process${error.holderPid ? ` (pid ${error.holderPid})` : ""}: stop the server first`);
    }
    throw error;
  }
  try {
    await finishInterruptedSwap(dataDir);
    let bytes: Buffer;
    try {
      bytes = await readFile(options.file);
    } catch (error) {
      throw new RestoreRefusedError(`cannot read the backup file (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    const { manifest, archive } = openBackup(bytes, options.key);
    const takenAt = new Date(manifest.takenAt);
    // The authenticator secrets are sealed anew with the key the server will start with: MFA_KEY, this DATA_DIR's
    // mfa.key, or (a new disk) the key the backup carries, written to DATA_DIR before the swap (ADR 0108).
    const carriedFactorKey = factorKeyOf(manifest, options.key);
    let existingFactorKey: Buffer | null;
    try {
      existingFactorKey = readFactorKey(options.factorKey, dataDir);
    } catch (error) {
      if (error instanceof FactorKeyError) throw new RestoreRefusedError(error.message);
      throw error;
    }
    const factorKey = existingFactorKey ?? carriedFactorKey ?? randomBytes(32);
    const ledgers = await gatherLedgers(options, { erasures: ledgerOf(manifest), revocations: revocationsOf(manifest) });
    const newestErasure = ledgers.entries.at(-1)?.at;
    const newestRevocation = ledgers.revocations.at(-1)?.at;
    if (!ledgers.outside && !options.acceptMissingLedger) {
      if (newestErasure && newestErasure.getTime() >= takenAt.getTime()) {
        throw new RestoreRefusedError(
          `no erasure ledger was found for this backup (none in DATA_DIR, none beside the backup), and it is older than the ` +
            `newest erasure the other backups know of (${newestErasure.toISOString()}): people erased since could come back. ` +
            `Put ${ERASURE_LEDGER_FILE} from the backup folder or the old DATA_DIR beside the backup, or pass --ledger FILE; ` +
            `--accept-missing-ledger restores anyway, applying again the erasures the backups know of`,
        );
      }
      if (newestRevocation && newestRevocation.getTime() >= takenAt.getTime()) {
        throw new RestoreRefusedError(
          `no revocation ledger was found for this backup (none in DATA_DIR, none beside the backup), and it is older than the ` +
            `newest revocation the other backups know of (${newestRevocation.toISOString()}): revoked keys and accounts could work again. ` +
            `Put ${REVOCATION_LEDGER_FILE} from the backup folder or the old DATA_DIR beside the backup, or pass --ledger FILE; ` +
            `--accept-missing-ledger restores anyway, applying again the revocations the backups know of`,
        );
      }
    }

    const stamp = now().toISOString().replace(/[-:.]/g, "");
    const plan: SwapPlan = {
      staging: path.join(dataDir, `pglite.restoring-${stamp}`),
      previous: path.join(dataDir, `pglite.before-restore-${stamp}`),
    };
    await rm(plan.staging, { recursive: true, force: true });
    await mkdir(plan.staging, { recursive: true, mode: 0o700 });
    let reapplied: Awaited<ReturnType<typeof unpackAndReapply>>;
    const live = path.join(dataDir, "pglite");
    const hadLive = existsSync(live);
    let previousBackup: string | null = null;
    try {
      reapplied = await unpackAndReapply(
        plan.staging,
        archive,
        takenAt,
        { hashSecret: options.hashSecret, entries: ledgers.entries, revocations: ledgers.revocations },
        { key: factorKey, former: carriedFactorKey ? [carriedFactorKey] : [] },
        dataDir,
        now,
      );
      await syncTree(plan.staging);
      // What the restore learnt stays known to this DATA_DIR, for any later restore.
      await appendMissing(options.ledger, ledgers.entries);
      await appendMissingRevocations(options.revocationLedger, ledgers.revocations);
      if (hadLive) previousBackup = await sealPrevious(live, options.key, options.previousTo, now(), ledgers.entries, ledgers.revocations, existingFactorKey);
      if (!options.factorKey && !existsSync(factorKeyPath(dataDir))) createFactorKeyFile(dataDir, factorKey);
    } catch (error) {
      await rm(plan.staging, { recursive: true, force: true });
      throw error;
    }
    await writeMarker(dataDir, plan);
    if (hadLive) await rename(live, plan.previous);
    await rename(plan.staging, live);
    await syncDirectory(dataDir);
    await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
    await syncDirectory(dataDir);
    // Sealed above: no copy in clear stays behind.
    await rm(plan.previous, { recursive: true, force: true });
    await syncDirectory(dataDir);
    return {
      takenAt,
      erasuresAfterBackup: reapplied.entries,
      subjectsErasedAgain: reapplied.subjects,
      revocations: reapplied.revocations,
      previousBackup,
      ledgersRead: ledgers.read,
      factorSecrets: reapplied.factorSecrets,
    };
  } finally {
    unlock();
  }
}

/** The database being replaced, sealed as an encrypted backup into `folder`; returns the file's path. */
async function sealPrevious(
  live: string,
  key: Buffer,
  folder: string,
  at: Date,
  ledger: ErasureLedgerEntry[],
  revocations: RevocationEntry[],
  factorKey: Buffer | null,
): Promise<string> {
  const name = backupFileName(at);
  const client = new PGlite({ fs: new NodeFS(live), extensions: PGLITE_EXTENSIONS });
  try {
    await client.waitReady;
    await writeBackup(client, { dir: folder, name, key, takenAt: at, ledger, revocations, factorKey, directory: live });
  } finally {
    await client.close();
  }
  return path.join(folder, name);
}

async function unpackAndReapply(
  staging: string,
  archive: Buffer,
  takenAt: Date,
  ledger: { hashSecret?: string; entries: ErasureLedgerEntry[]; revocations: RevocationEntry[] },
  factor: { key: Buffer; former: Buffer[] },
  dataDir: string,
  now: () => Date,
): Promise<{ entries: number; subjects: number; revocations: RevocationsReapplied; factorSecrets: { sealed: number; unreadable: number } }> {
  const client = new PGlite({ fs: new NodeFS(staging), loadDataDir: new Blob([new Uint8Array(archive)]), extensions: PGLITE_EXTENSIONS });
  try {
    await client.waitReady;
    await client.exec(PGLITE_SESSION_SETTINGS);
    const db = drizzle(client, { schema });
    await applyMigrations(db, migrationsFolder());
    const reapplied = await reapplyErasures(db as unknown as Database, takenAt, ledger, dataDir, now);
    // Revocations since the backup stay revoked, and no session from before lives on: everyone signs in anew.
    const revocations = await reapplyRevocations(db as unknown as Database, takenAt, ledger.revocations, now);
    await recordRestore(db as unknown as Database, now(), takenAt, reapplied, revocations);
    // The people erased again leave no bytes in the restored files (ADR 0106).
    if (reapplied.subjects > 0) await scrubErasedRows(db as unknown as Database, "pglite");
    const factorSecrets = await resealFactorSecrets(db as unknown as Database, createFactorSecretBox(factor.key), factor.former);
    await recordFactorKeyId(db as unknown as Database, factorKeyIdOf(factor.key));
    return { ...reapplied, revocations, factorSecrets };
  } finally {
    await client.close();
  }
}

/** What the restore re-applied, in the restored database's audit log: the System tab shows the newest (ADR 0107). */
export async function recordRestore(
  db: Database,
  at: Date,
  takenAt: Date | null,
  erasures: { entries: number; subjects: number },
  revocations: RevocationsReapplied,
): Promise<void> {
  const { entries, ...applied } = revocations;
  await createAuditService(db, () => at).record({
    actor: RESTORE_ACTOR,
    action: "restore_reapply",
    targetType: "backups",
    detail: { takenAt: takenAt?.toISOString() ?? null, erasures: erasures.entries, erasedAgain: erasures.subjects, revocations: entries, ...applied },
  });
}

/** Applies again every erasure recorded from `takenAt` on; returns how many entries and people that was. */
export async function reapplyErasures(
  db: Database,
  takenAt: Date,
  ledger: { hashSecret?: string; entries: ErasureLedgerEntry[] },
  dataDir: string,
  now: () => Date,
): Promise<{ entries: number; subjects: number }> {
  const options = { hashSecret: ledger.hashSecret };
  const entries = ledger.entries.filter((entry) => entry.at.getTime() >= takenAt.getTime());
  if (entries.length === 0) return { entries: 0, subjects: 0 };
  const secret = await resolveHashSecret(db, options.hashSecret);
  const fingerprint = hashKeyFingerprint(secret);
  if (entries.some((entry) => entry.key !== fingerprint)) {
    throw new RestoreRefusedError(
      "the erasure ledger was written with another privacy hash key than this backup holds " +
        "(PRIVACY_HASH_SECRET changed?): set PRIVACY_HASH_SECRET to the key in use when those erasures were made",
    );
  }
  const erased = new Set(entries.map((entry) => entry.subject));
  const addresses = await db.execute(sql`
    select distinct lower(trim(${applications.email})) as email from ${applications}
    union select distinct lower(trim(${contactMessages.email})) from ${contactMessages}
    union select distinct lower(trim(${emailOutbox.subject_email})) from ${emailOutbox} where ${emailOutbox.subject_email} is not null
    union select distinct lower(trim(${privacyRequests.subject_email})) from ${privacyRequests} where ${privacyRequests.subject_email} is not null`);
  const rows = (Array.isArray(addresses) ? addresses : (addresses as { rows: unknown[] }).rows) as { email: string }[];
  let subjects = 0;
  for (const { email } of rows) {
    const normalised = normaliseEmail(email);
    const hash = subjectHash(secret, normalised);
    if (!erased.has(hash)) continue;
    await eraseSubject(db, { email: normalised, hash, at: now(), actor: RESTORE_ACTOR, clientAddress: null, outboxDir: path.join(dataDir, "outbox") });
    subjects++;
  }
  return { entries: entries.length, subjects };
}

/** fsync of every file and directory under `dir` (PGlite's own writes are not synced, ADR 0035). */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(target);
    else if (entry.isFile()) {
      const handle = await open(target, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }
  await syncDirectory(dir);
}

async function writeMarker(dataDir: string, plan: SwapPlan): Promise<void> {
  const handle = await open(path.join(dataDir, RESTORE_MARKER), "w", 0o600);
  try {
    // `sealed`: the previous database is already in an encrypted backup, so its directory goes once swapped.
    await handle.writeFile(JSON.stringify({ staging: path.basename(plan.staging), previous: path.basename(plan.previous), sealed: true }));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(dataDir);
}

/** A directory name written by `writeMarker` (never a path elsewhere). */
function isSwapName(name: unknown): name is string {
  return typeof name === "string" && /^pglite\.[a-z-]+-[0-9TZ]+$/.test(name);
}

/** A swap cut short by a crash: the restored directory is put in place (it was complete before the marker). */
async function finishInterruptedSwap(dataDir: string): Promise<void> {
  const marker = path.join(dataDir, RESTORE_MARKER);
  if (!existsSync(marker)) return;
  const plan = JSON.parse(await readFile(marker, "utf8")) as { staging?: unknown; previous?: unknown; sealed?: unknown };
  if (!isSwapName(plan.staging) || !isSwapName(plan.previous)) throw new RestoreRefusedError(`the marker of an interrupted restore is damaged: check ${RESTORE_MARKER} in DATA_DIR by hand`);
  const live = path.join(dataDir, "pglite");
  const staging = path.join(dataDir, plan.staging);
  if (existsSync(staging)) {
    if (existsSync(live)) await rename(live, path.join(dataDir, plan.previous));
    await rename(staging, live);
    await syncDirectory(dataDir);
  }
  await rm(marker, { force: true });
  if (plan.sealed === true) await rm(path.join(dataDir, plan.previous), { recursive: true, force: true });
  await syncDirectory(dataDir);
}

