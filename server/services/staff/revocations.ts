/**
 * The revocation ledger (ADR 0107): every revocation of staff access, recorded the way erasures are (ADR 0064,
 * 0106; ../ledger-file.ts) in DATA_DIR/revocation-ledger.jsonl and, with backups on, beside the backups and inside
 * each one, so a restore re-applies every revocation made after the backup was taken: nothing revoked comes back.
 *
 * A line holds the time, what was revoked and the id of the key or account (uuids the database made), and for a
 * password change a fingerprint of the new hash (SHA-256 of the salted argon2id hash: it tells the hash in a
 * backup from the new one and reveals nothing of either password). No secret, no name, no address.
 *
 * Sessions are not recorded one by one: every restore ends every staff session (everyone signs in again).
 */
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DurabilityError } from "../../db/durable-fs";
import { apiKeys, recoveryCodes, sessions, staffFactors, users } from "../../db/schema";
import { ledgerOfKind } from "../ledger-file";
import { hashPassword } from "./passwords";

export const REVOCATION_LEDGER_FILE = "revocation-ledger.jsonl";

export const REVOCATION_KINDS = ["api_key", "staff_delete", "staff_deactivate", "password", "factors", "recovery_codes"] as const;
export type RevocationKind = (typeof REVOCATION_KINDS)[number];

export interface RevocationEntry {
  at: Date;
  kind: RevocationKind;
  /** The API key's or staff account's id. */
  id: string;
  /** `password`: the fingerprint of the new hash. */
  ref?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function revocationLine(entry: RevocationEntry): string {
  return JSON.stringify({ at: entry.at.toISOString(), revoked: entry.kind, id: entry.id, ...(entry.ref ? { ref: entry.ref } : {}) });
}

const revocationLedger = ledgerOfKind<RevocationEntry>({
  line: revocationLine,
  parse(value) {
    const parsed = value as { at?: unknown; revoked?: unknown; id?: unknown; ref?: unknown } | null;
    if (!parsed || typeof parsed.at !== "string" || typeof parsed.id !== "string" || !UUID.test(parsed.id)) return null;
    if (!REVOCATION_KINDS.includes(parsed.revoked as RevocationKind)) return null;
    const at = new Date(parsed.at);
    if (Number.isNaN(at.getTime())) return null;
    const ref = typeof parsed.ref === "string" && /^[0-9a-f]{64}$/.test(parsed.ref) ? parsed.ref : undefined;
    if (parsed.revoked === "password" && !ref) return null;
    return { at, kind: parsed.revoked as RevocationKind, id: parsed.id, ...(ref ? { ref } : {}) };
  },
});

export const readRevocationLedger = revocationLedger.read;
export const mergeRevocations = revocationLedger.merge;
export const appendMissingRevocations = revocationLedger.appendMissing;

export function revocationLedgerPath(dir: string): string {
  return path.resolve(dir, REVOCATION_LEDGER_FILE);
}

/** The fingerprint of a stored password hash: which hash, not what it hashes. */
export function passwordFingerprint(hash: string): string {
  return createHash("sha256").update("ovella password fingerprint\0").update(hash, "utf8").digest("hex");
}

/** Records revocations in every ledger file it is given (DATA_DIR's, and beside the backups when they are on). */
export interface RevocationRecorder {
  record(entry: Omit<RevocationEntry, "at">): Promise<void>;
}

/** Records nothing: services built without a data directory (tests, tools that revoke nothing). */
export const NO_REVOCATION_LEDGER: RevocationRecorder = { record: async () => undefined };

/**
 * A recorder over `files`. The line is written before the revocation is made: a disk that refuses it fails the
 * call with a 503 and nothing changes, and a revocation that then fails leaves a line a restore applies to an
 * account that still has the access (the cautious side).
 */
export function createRevocationRecorder(files: string[], now: () => Date): RevocationRecorder {
  return {
    async record(entry) {
      const full = { ...entry, at: now() };
      for (const file of files) {
        await revocationLedger.append(file, [full]).catch((error: unknown) => {
          const code = (error as NodeJS.ErrnoException).code;
          throw new DurabilityError(`The revocation could not be recorded in the revocation ledger (${code ?? "error"})`, code, { cause: error });
        });
      }
    },
  };
}

/** What a restore re-applied (the System tab shows it). */
export interface RevocationsReapplied {
  /** Ledger entries from the backup's time on. */
  entries: number;
  apiKeys: number;
  staffDeleted: number;
  staffDeactivated: number;
  passwordsDisabled: number;
  factorsReset: number;
  recoveryCodesRevoked: number;
  /** Staff sessions the restored database held, all ended. */
  sessionsEnded: number;
}

/**
 * Applies again, to a restored database, every revocation recorded from `takenAt` on, and ends every staff
 * session it holds. A password changed since the backup whose hash in the backup is not the one recorded is
 * replaced by the hash of a random secret nobody knows and marked must-change: neither the old password nor any
 * other signs in until an administrator (or `npm run users -- set-password`) sets a new one.
 */
export async function reapplyRevocations(db: Database, takenAt: Date, ledger: RevocationEntry[], now: () => Date): Promise<RevocationsReapplied> {
  const entries = ledger.filter((entry) => entry.at.getTime() >= takenAt.getTime());
  const ids = (kind: RevocationKind) => [...new Set(entries.filter((entry) => entry.kind === kind).map((entry) => entry.id))];
  const result: RevocationsReapplied = {
    entries: entries.length,
    apiKeys: 0,
    staffDeleted: 0,
    staffDeactivated: 0,
    passwordsDisabled: 0,
    factorsReset: 0,
    recoveryCodesRevoked: 0,
    sessionsEnded: 0,
  };
  const revokedKeys = ids("api_key");
  if (revokedKeys.length > 0) {
    result.apiKeys = (await db.update(apiKeys).set({ revoked_at: now() }).where(and(inArray(apiKeys.id, revokedKeys), isNull(apiKeys.revoked_at))).returning({ id: apiKeys.id })).length;
  }
  const deleted = ids("staff_delete");
  if (deleted.length > 0) result.staffDeleted = (await db.delete(users).where(inArray(users.id, deleted)).returning({ id: users.id })).length;
  const deactivated = ids("staff_deactivate");
  if (deactivated.length > 0) {
    result.staffDeactivated = (await db.update(users).set({ is_active: false, updated_at: now() }).where(and(inArray(users.id, deactivated), eq(users.is_active, true))).returning({ id: users.id })).length;
  }
  // The newest password of each account: the restored hash must be it, or it is older than a change.
  const newest = new Map<string, string>();
  for (const entry of entries) if (entry.kind === "password" && entry.ref) newest.set(entry.id, entry.ref);
  if (newest.size > 0) {
    const rows = await db.select({ id: users.id, password: users.password }).from(users).where(inArray(users.id, [...newest.keys()]));
    for (const row of rows) {
      if (passwordFingerprint(row.password) === newest.get(row.id)) continue;
      await db
        .update(users)
        .set({ password: await hashPassword(randomBytes(32).toString("base64url")), must_change_password: true, updated_at: now() })
        .where(eq(users.id, row.id));
      result.passwordsDisabled++;
    }
  }
  const reset = ids("factors");
  if (reset.length > 0) {
    const factors = await db.delete(staffFactors).where(inArray(staffFactors.user_id, reset)).returning({ user: staffFactors.user_id });
    const codes = await db.delete(recoveryCodes).where(inArray(recoveryCodes.user_id, reset)).returning({ user: recoveryCodes.user_id });
    result.factorsReset = new Set([...factors, ...codes].map((row) => row.user)).size;
  }
  const regenerated = ids("recovery_codes");
  if (regenerated.length > 0) {
    const codes = await db.delete(recoveryCodes).where(inArray(recoveryCodes.user_id, regenerated)).returning({ user: recoveryCodes.user_id });
    result.recoveryCodesRevoked = new Set(codes.map((row) => row.user)).size;
  }
  // Everyone signs in again: no session from before the restore lives on.
  result.sessionsEnded = (await db.delete(sessions).returning({ id: sessions.id })).length;
  return result;
}
