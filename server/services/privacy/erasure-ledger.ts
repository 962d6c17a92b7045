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
import path from "node:path";
import { ledgerOfKind } from "../ledger-file";

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

// The file itself is kept as every ledger is (../ledger-file.ts): appended, fsynced, never rewritten.
const erasureLedger = ledgerOfKind<ErasureLedgerEntry>({
  line: ledgerLine,
  parse(value) {
    const parsed = value as { at?: unknown; subject?: unknown; key?: unknown } | null;
    if (!parsed || typeof parsed.at !== "string" || typeof parsed.subject !== "string" || typeof parsed.key !== "string") return null;
    const at = new Date(parsed.at);
    if (Number.isNaN(at.getTime()) || !/^[0-9a-f]{64}$/.test(parsed.subject)) return null;
    return { at, subject: parsed.subject, key: parsed.key };
  },
});

/** Every entry of the given ledgers once, oldest first (the same erasure read from two copies counts once). */
export const mergeLedgers = erasureLedger.merge;

/** The entries of `entries` that `file` does not hold yet, appended to it (appends only: a copy never loses a line). */
export const appendMissing = erasureLedger.appendMissing;

/** Appends one erasure and returns once the line (and a new file's directory entry) is on stable storage. */
export async function appendErasure(file: string, entry: ErasureLedgerEntry): Promise<void> {
  await erasureLedger.append(file, [entry]);
}

/** Every erasure recorded (a line cut short by a crash is skipped); an absent ledger has none. */
export const readErasureLedger = erasureLedger.read;
