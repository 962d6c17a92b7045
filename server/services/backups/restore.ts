/**
 * Restore of a backup into DATA_DIR while the server is stopped (ADR 0063, 0064):
 *
 * 1. the data directory's lock is taken (a running server holds it: refused, nothing touched);
 * 2. the file's checksum, key and authentication tag are checked before anything is written;
 * 3. the snapshot is unpacked into a new directory beside the database, opened, migrated to this version, and
 *    every erasure the ledger records from the backup's time on is applied again to it, so nobody who asked to
 *    be forgotten comes back, and every staff session is ended;
 * 4. the new directory is fsynced and swapped in: the current database is kept aside as
 *    `pglite.before-restore-<time>`, under a marker the server refuses to start beside (an interrupted swap is
 *    finished by running the restore again).
 *
 * Any failure before the swap removes the new directory and leaves DATA_DIR as it was.
 */
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrationsFolder, RESTORE_MARKER, schema, type Database } from "../../db/client";
import { applyMigrations } from "../../db/migrations";
import { DataDirLockedError, lockDataDir } from "../../db/data-dir-lock";
import { applications, contactMessages, emailOutbox, privacyRequests, sessions } from "../../db/schema";
import type { Actor } from "../audit";
import { eraseSubject, hashKeyFingerprint, normaliseEmail, readErasureLedger, resolveHashSecret, subjectHash } from "../privacy";
import { openBackup } from "./format";
import { syncDirectory } from "./store";

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
  now?: () => Date;
}

export interface RestoreResult {
  takenAt: Date;
  /** Ledger entries from the backup's time on. */
  erasuresAfterBackup: number;
  /** People found in the restored data and erased again. */
  subjectsErasedAgain: number;
  /** Where the database before the restore was kept (null when DATA_DIR had none). */
  previousDir: string | null;
}

const RESTORE_ACTOR: Actor = { id: null, username: "restore" };

interface SwapPlan {
  staging: string;
  previous: string;
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

    const stamp = now().toISOString().replace(/[-:.]/g, "");
    const plan: SwapPlan = {
      staging: path.join(dataDir, `pglite.restoring-${stamp}`),
      previous: path.join(dataDir, `pglite.before-restore-${stamp}`),
    };
    await rm(plan.staging, { recursive: true, force: true });
    await mkdir(plan.staging, { recursive: true, mode: 0o700 });
    let reapplied: { entries: number; subjects: number };
    try {
      reapplied = await unpackAndReapply(plan.staging, archive, takenAt, options, dataDir, now);
      await syncTree(plan.staging);
    } catch (error) {
      await rm(plan.staging, { recursive: true, force: true });
      throw error;
    }
    const live = path.join(dataDir, "pglite");
    const hadLive = existsSync(live);
    await writeMarker(dataDir, plan);
    if (hadLive) await rename(live, plan.previous);
    await rename(plan.staging, live);
    await syncDirectory(dataDir);
    await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
    await syncDirectory(dataDir);
    return {
      takenAt,
      erasuresAfterBackup: reapplied.entries,
      subjectsErasedAgain: reapplied.subjects,
      previousDir: hadLive ? plan.previous : null,
    };
  } finally {
    unlock();
  }
}

async function unpackAndReapply(
  staging: string,
  archive: Buffer,
  takenAt: Date,
  options: RestoreOptions,
  dataDir: string,
  now: () => Date,
): Promise<{ entries: number; subjects: number }> {
  const client = new PGlite({ fs: new NodeFS(staging), loadDataDir: new Blob([new Uint8Array(archive)]), extensions: { pg_trgm } });
  try {
    await client.waitReady;
    const db = drizzle(client, { schema });
    await applyMigrations(db, migrationsFolder());
    const reapplied = await reapplyErasures(db as unknown as Database, takenAt, options, dataDir, now);
    // Sessions ended since the backup (sign-outs, password changes, deactivations) must not live again:
    // everyone signs in anew.
    await db.delete(sessions);
    return reapplied;
  } finally {
    await client.close();
  }
}

/** Applies again every erasure recorded from `takenAt` on; returns how many entries and people that was. */
export async function reapplyErasures(
  db: Database,
  takenAt: Date,
  options: Pick<RestoreOptions, "hashSecret" | "ledger">,
  dataDir: string,
  now: () => Date,
): Promise<{ entries: number; subjects: number }> {
  const entries = (await readErasureLedger(options.ledger)).filter((entry) => entry.at.getTime() >= takenAt.getTime());
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
    await handle.writeFile(JSON.stringify({ staging: path.basename(plan.staging), previous: path.basename(plan.previous) }));
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
  const plan = JSON.parse(await readFile(marker, "utf8")) as { staging?: unknown; previous?: unknown };
  if (!isSwapName(plan.staging) || !isSwapName(plan.previous)) throw new RestoreRefusedError(`the marker of an interrupted restore is damaged: check ${RESTORE_MARKER} in DATA_DIR by hand`);
  const live = path.join(dataDir, "pglite");
  const staging = path.join(dataDir, plan.staging);
  if (existsSync(staging)) {
    if (existsSync(live)) await rename(live, path.join(dataDir, plan.previous));
    await rename(staging, live);
    await syncDirectory(dataDir);
  }
  await rm(marker, { force: true });
  await syncDirectory(dataDir);
}

