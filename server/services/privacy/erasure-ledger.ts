/**
 * The erasure ledger (ADR 0064): one line per erasure, appended and fsynced before the erasure is answered, in a
 * file beside the database but outside it (DATA_DIR/erasure-ledger.jsonl) and outside BACKUP_DIR, so restoring a
 * backup cannot roll it back. A restore re-applies every erasure the ledger records after the backup was taken.
With backups on, every erasure is also appended to BACKUP_DIR/erasure-ledger.jsonl, beside the backups, and each
backup carries the whole ledger inside it (ADR 0106): a restore onto a new disk still knows every erasure.
 *
 * A line holds the keyed hash of the address (the HMAC that names the person in the audit log), the time the
 * erasure committed, and a fingerprint of the HMAC key (so a restore can tell it holds the right key), nothing else.
 */
import { createHmac } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";

export const ERASURE_LEDGER_FILE = "erasure-ledger.jsonl";

export interface ErasureLedgerEntry {
  /** When the erasure committed. */
  at: Date;
  /** HMAC-SHA256 of the normalised address (hex). */
  subject: string;
  /** Fingerprint of the HMAC key the subject was computed with. */
  key: string;
}

/** A fingerprint of the privacy hash key: equal keys, equal fingerprints; it reveals nothing of the key. */
export function hashKeyFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("ovella erasure ledger key", "utf8").digest("hex").slice(0, 16);
}

export function erasureLedgerPath(dataDir: string): string {
  return path.resolve(dataDir, ERASURE_LEDGER_FILE);
}

/** One entry as the ledger's line holds it (and a backup's manifest, ADR 0106). */
export function ledgerLine(entry: ErasureLedgerEntry): string {
  return JSON.stringify({ at: entry.at.toISOString(), subject: entry.subject, key: entry.key });
}

/** Every entry of the given ledgers once, oldest first (the same erasure read from two copies counts once). */
export function mergeLedgers(...ledgers: ErasureLedgerEntry[][]): ErasureLedgerEntry[] {
  const byLine = new Map<string, ErasureLedgerEntry>();
  for (const entry of ledgers.flat()) byLine.set(ledgerLine(entry), entry);
  return [...byLine.values()].toSorted((a, b) => a.at.getTime() - b.at.getTime() || a.subject.localeCompare(b.subject));
}

/** The entries of `entries` that `file` does not hold yet, appended to it (appends only: a copy never loses a line). */
export async function appendMissing(file: string, entries: ErasureLedgerEntry[]): Promise<number> {
  const held = new Set((await readErasureLedger(file)).map(ledgerLine));
  const missing = entries.filter((entry) => !held.has(ledgerLine(entry)));
  if (missing.length > 0) await appendLines(file, missing);
  return missing.length;
}

/** Appends one erasure and returns once the line (and a new file's directory entry) is on stable storage. */
export async function appendErasure(file: string, entry: ErasureLedgerEntry): Promise<void> {
  await appendLines(file, [entry]);
}

async function appendLines(file: string, entries: ErasureLedgerEntry[]): Promise<void> {
  const line = entries.map((entry) => `${ledgerLine(entry)}\n`).join("");
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, "a", 0o600);
  let created: boolean;
  try {
    created = (await handle.stat()).size === 0;
    await handle.appendFile(line, "utf8");
    await handle.datasync();
  } finally {
    await handle.close();
  }
  if (created) {
    const dir = await open(path.dirname(file), "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}

/** Every erasure recorded (a line cut short by a crash is skipped); an absent ledger has none. */
export async function readErasureLedger(file: string): Promise<ErasureLedgerEntry[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: ErasureLedgerEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as { at?: unknown; subject?: unknown; key?: unknown };
      if (typeof parsed.at !== "string" || typeof parsed.subject !== "string" || typeof parsed.key !== "string") continue;
      const at = new Date(parsed.at);
      if (Number.isNaN(at.getTime()) || !/^[0-9a-f]{64}$/.test(parsed.subject)) continue;
      entries.push({ at, subject: parsed.subject, key: parsed.key });
    } catch {
      // A torn last line: its erasure was never answered, and the person's request is still open.
    }
  }
  return entries;
}
