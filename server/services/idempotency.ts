/**
 * Exactly-once public submissions. A POST with an Idempotency-Key stores its row and its answer in
 * one statement of one transaction: the key row (primary key route+key) is inserted together with
 * the record, so a concurrent duplicate waits on the key's index entry and then fails with a unique
 * violation, after which the stored answer is read and returned. The same key with another body is
 * refused. Keys are kept a day (by the database's clock) and purged opportunistically.
 */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { ServiceError } from "./errors";
import { ANSWER_EN } from "#core/i18n/answer-en";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const PURGE_INTERVAL_MS = 10 * 60_000;

export type SubmissionRoute = "applications" | "contact";

export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The refusal when a key was used before for a different request body (answered 422). */
export const IDEMPOTENCY_KEY_REUSED = ANSWER_EN["answer.keyReused"];

/** SHA-256 of the validated request (stable key order), so a retry matches and other content does not. */
export function requestFingerprint(value: unknown): string {
  return createHash("sha256").update(stableJson(value)).digest("hex");
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `requestFingerprint` for records of a fixed set of fields (a submission's columns), with the key order
 * sorted once instead of on every request: the same text, so the same digest.
 */
export function fieldsFingerprint(fields: readonly string[]): (value: Readonly<Record<string, unknown>>) => string {
  const sorted = fields.toSorted(byCodeUnit);
  const names = sorted.map((field) => `${JSON.stringify(field)}:`);
  return (value) => {
    let text = "";
    for (let i = 0; i < sorted.length; i++) {
      const field = value[sorted[i] as string];
      if (field === undefined) continue;
      text += `${text === "" ? "" : ","}${names[i] as string}${stableJson(field)}`;
    }
    return createHash("sha256").update(`{${text}}`).digest("hex");
  };
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .toSorted(([a], [b]) => byCodeUnit(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** True for the unique violation of the idempotency key (and not of any other constraint). */
export function isKeyConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && current.code === "23505") {
      const constraint = "constraint" in current ? current.constraint : undefined;
      return constraint === undefined || constraint === "idempotency_keys_route_key_pk";
    }
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

export function createIdempotencyStore(db: Database, now: () => Date) {
  let lastPurge = 0;
  return {
    /** The stored answer for a key whose insert collided, or a refusal when the body differs. */
    async replay(route: SubmissionRoute, key: string, fingerprint: string): Promise<StoredAnswer> {
      const [row] = await db
        .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) throw new Error("idempotency key vanished after a conflict");
      if (row.fingerprint !== fingerprint) throw new ServiceError("unprocessable", IDEMPOTENCY_KEY_REUSED);
      return { status: row.status, body: row.body };
    },

    /** Removes keys older than a day, at most every ten minutes per instance; never delays a request. */
    purgeSoon(): void {
      const at = now().getTime();
      if (at - lastPurge < PURGE_INTERVAL_MS) return;
      lastPurge = at;
      void this.purge().catch(() => undefined);
    },

    /**
     * Ages are read on the database's clock, the one that stamped `created_at`: an instance whose own
     * clock runs ahead would otherwise delete keys that are still fresh (and a retry would store twice).
     */
    async purge(): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.created_at, sql`now() - ${`${IDEMPOTENCY_TTL_MS} milliseconds`}::interval`))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

