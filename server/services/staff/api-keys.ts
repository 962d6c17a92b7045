/**
 * API keys for machines (ADR 0068): created by super admins with a name and scopes, answered once, kept only
 * as the SHA-256 of the key (a key is 32 random bytes, so a fast hash is as safe as a slow one and costs
 * nothing per request), revoked by a delete, and stamped with their last use (at most once a minute).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ApiKeyCreated, ApiKeyItem, ApiKeyScope } from "#core/contracts/webhooks";
import type { Database } from "../../db/client";
import { apiKeys } from "../../db/schema";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { NO_REVOCATION_LEDGER, type RevocationRecorder } from "./revocations";

/** Every key starts with this, so a bearer credential is told apart from a staff session token at a glance. */
export const API_KEY_PREFIX = "ovk_";
const KEY_PATTERN = /^ovk_[A-Za-z0-9_-]{43}$/;
const TOUCH_INTERVAL_MS = 60_000;

/** The caller of a request authorised by a key. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export function createApiKeyService(db: Database, now: () => Date, audit: AuditService, revocations: RevocationRecorder = NO_REVOCATION_LEDGER) {
  return {
    async create(input: { name: string; scopes: ApiKeyScope[] }, caller: { actor: Actor; clientAddress: string | null }): Promise<ApiKeyCreated> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
      const [row] = await db
        .insert(apiKeys)
        .values({ name: input.name, scopes: input.scopes, prefix: key.slice(0, 12), key_hash: hashKey(key), created_by: caller.actor.username, created_at: now() })
        .returning({ id: apiKeys.id });
      if (!row) throw new Error("api key insert returned no row");
      await audit.record({ actor: caller.actor, action: "api_key_create", targetType: "api_key", targetId: row.id, clientAddress: caller.clientAddress, detail: { name: input.name, scopes: input.scopes } });
      return { id: row.id, key };
    },

    /** The keys not revoked, newest first, never the key itself. */
    async list(): Promise<ApiKeyItem[]> {
      const rows = await db.select().from(apiKeys).where(isNull(apiKeys.revoked_at)).orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes as ApiKeyScope[],
        createdBy: row.created_by,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at?.toISOString() ?? null,
      }));
    },

    /** Revokes a key: it stops working at once. Refused (not_found) for an unknown or revoked key. */
    async revoke(id: string, caller: { actor: Actor; clientAddress: string | null }): Promise<void> {
      const [live] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at))).limit(1);
      if (!live) throw new ServiceError("not_found", "API key not found");
      // Recorded first, so a restore of an older backup revokes it again (ADR 0107).
      await revocations.record({ kind: "api_key", id });
      const rows = await db
        .update(apiKeys)
        .set({ revoked_at: now() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
        .returning({ id: apiKeys.id, name: apiKeys.name });
      if (rows.length === 0) throw new ServiceError("not_found", "API key not found");
      await audit.record({ actor: caller.actor, action: "api_key_revoke", targetType: "api_key", targetId: id, clientAddress: caller.clientAddress, detail: { name: rows[0]!.name } });
    },

    /** The key's principal, or null for a malformed, unknown or revoked key. */
    async resolve(key: string): Promise<ApiKeyPrincipal | null> {
      if (!KEY_PATTERN.test(key)) return null;
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.key_hash, hashKey(key)));
      if (!row || row.revoked_at) return null;
      const at = now();
      if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
        await db.update(apiKeys).set({ last_used_at: at }).where(eq(apiKeys.id, row.id));
      }
      return { id: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[] };
    },
  };
}

