/**
 * The staff member who owns an application (any active staff account, as GET /api/admin/staff-directory lists them),
 * or nobody. Audited. An owner who was deactivated later stays on her applications until someone picks another.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { applications, auditEvents, users } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";

export function createOwners(db: Database, now: () => Date) {
  return {
    async assign(applicationIds: readonly string[], owner: string | null, actor: Actor, clientAddress: string | null): Promise<number> {
      return db.transaction(async (tx) => {
        let username: string | null = null;
        if (owner !== null) {
          const [user] = await tx
            .select({ username: users.username })
            .from(users)
            .where(and(sql`lower(${users.username}) = lower(${owner})`, eq(users.is_active, true)));
          if (!user) {
            const message = `No active staff member has the username "${owner}": choose one from the staff list, or nobody`;
            throw new ServiceError("invalid", message, { owner: [message] });
          }
          username = user.username;
        }
        let changed = 0;
        for (const id of applicationIds) {
          const rows = await tx.update(applications).set({ owner: username }).where(eq(applications.id, id)).returning({ id: applications.id });
          if (rows.length === 0) {
            if (applicationIds.length === 1) throw new ServiceError("not_found", "Application not found");
            continue;
          }
          changed++;
          await tx.insert(auditEvents).values({
            actor_id: actor.id,
            actor_username: actor.username,
            action: "owner_assign",
            target_type: "application",
            target_id: id,
            at: now(),
            client_address: clientAddress?.slice(0, 64) ?? null,
            detail: { owner: username },
          });
        }
        return changed;
      });
    },
  };
}
