/**
 * One-click marketing opt-out: a valid token sets marketing_consent to false on every application of
 * its address and writes an audit event (with the number of applications, not the address).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { isLanguage, type Language } from "#core/i18n/languages";
import type { Database } from "../../db/client";
import { applications } from "../../db/schema";
import type { AuditService } from "../audit";
import { type TokenCheck, verifyUnsubscribeToken } from "./unsubscribe-token";

export type UnsubscribeOutcome = { ok: true; changed: number } | { ok: false; reason: "invalid" | "expired" };

export interface UnsubscribeService {
  /** Checks a token without changing anything (the GET page). */
  check(token: unknown): TokenCheck;
  /** Applies the opt-out (the POST from the page or from the mail client). */
  confirm(token: unknown, clientAddress: string | null): Promise<UnsubscribeOutcome>;
  /** The language of the newest application of the token's address (ADR 0112), or null: her page speaks it. */
  language(token: unknown): Promise<Language | null>;
}

export const UNSUBSCRIBE_ACTOR = { id: null, username: "unsubscribe link" };

export function createUnsubscribeService(db: Database, secret: string, now: () => Date, audit: AuditService): UnsubscribeService {
  return {
    check: (token) => verifyUnsubscribeToken(secret, token, now()),
    async confirm(token, clientAddress) {
      const checked = verifyUnsubscribeToken(secret, token, now());
      if (!checked.ok) return checked;
      const rows = await db
        .update(applications)
        .set({ marketing_consent: false })
        .where(and(sql`lower(${applications.email}) = ${checked.address}`, eq(applications.marketing_consent, true)))
        .returning({ id: applications.id });
      await audit.record({
        actor: UNSUBSCRIBE_ACTOR,
        action: "marketing_unsubscribe",
        targetType: "applications",
        clientAddress,
        detail: { applications: rows.length },
      });
      return { ok: true, changed: rows.length };
    },
    async language(token) {
      const checked = verifyUnsubscribeToken(secret, token, now());
      if (!checked.ok) return null;
      const [newest] = await db
        .select({ language: applications.preferred_language })
        .from(applications)
        .where(sql`lower(${applications.email}) = ${checked.address}`)
        .orderBy(desc(applications.submitted_at))
        .limit(1);
      return isLanguage(newest?.language) ? newest.language : null;
    },
  };
}
