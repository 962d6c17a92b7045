/**
 * Recovery codes: ten one-time 128-bit random codes, shown once when the first factor is enrolled,
 * stored as SHA-256 hashes (their entropy makes a slow hash unnecessary, ASVS 6.5.2).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { recoveryCodes } from "../../../db/schema";

export const RECOVERY_CODE_COUNT = 10;

/** Lower-case hex in groups of four, as shown: the typed code is compared without spaces, dashes or case. */
function newCode(): string {
  return (randomBytes(16).toString("hex").match(/.{4}/g) ?? []).join("-");
}

export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-f]/g, "");
}

function hashCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** Replaces a user's codes with new ones and returns them (the only time they exist in clear). */
export async function issueRecoveryCodes(db: Database, userId: string, at: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code), created_at: at })));
  });
  return codes;
}

/** Uses up one unused code of the user; false when it is unknown or already used. */
export async function consumeRecoveryCode(db: Database, userId: string, code: string, at: Date): Promise<boolean> {
  if (normaliseRecoveryCode(code).length !== 32) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: at })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hashCode(code)), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function unusedRecoveryCodeCount(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return rows.length;
}

export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}
