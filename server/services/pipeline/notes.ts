/** Staff notes on an application: appended with author and time; an admin may remove one (audited). Never emailed. */
import { and, asc, eq } from "drizzle-orm";
import type { Note } from "#core/contracts/pipeline";
import type { Database } from "../../db/client";
import { applicationNotes, applications, auditEvents } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";

const toNote = (row: typeof applicationNotes.$inferSelect): Note => ({
  id: row.id,
  author: row.author_username,
  text: row.text,
  createdAt: row.created_at.toISOString(),
});

export function createNotes(db: Database, now: () => Date) {
  async function requireApplication(id: string): Promise<void> {
    const [app] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
    if (!app) throw new ServiceError("not_found", "Application not found");
  }

  return {
    async list(applicationId: string): Promise<Note[]> {
      await requireApplication(applicationId);
      const rows = await db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.application_id, applicationId))
        .orderBy(asc(applicationNotes.created_at), asc(applicationNotes.id));
      return rows.map(toNote);
    },

    async add(applicationId: string, text: string, actor: Actor, clientAddress: string | null): Promise<Note> {
      return db.transaction(async (tx) => {
        const [app] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)).for("update");
        if (!app) throw new ServiceError("not_found", "Application not found");
        const at = now();
        const [row] = await tx
          .insert(applicationNotes)
          .values({ application_id: applicationId, author_id: actor.id, author_username: actor.username, text, created_at: at })
          .returning();
        if (!row) throw new Error("note insert returned no row");
        await tx.insert(auditEvents).values({
          actor_id: actor.id,
          actor_username: actor.username,
          action: "note_add",
          target_type: "application",
          target_id: applicationId,
          at,
          client_address: clientAddress?.slice(0, 64) ?? null,
          detail: { noteId: row.id },
        });
        return toNote(row);
      });
    },

    async remove(applicationId: string, noteId: string, actor: Actor, clientAddress: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(applicationNotes)
          .where(and(eq(applicationNotes.id, noteId), eq(applicationNotes.application_id, applicationId)))
          .returning({ id: applicationNotes.id, author: applicationNotes.author_username });
        if (removed.length === 0) throw new ServiceError("not_found", "Note not found");
        await tx.insert(auditEvents).values({
          actor_id: actor.id,
          actor_username: actor.username,
          action: "note_remove",
          target_type: "application",
          target_id: applicationId,
          at: now(),
          client_address: clientAddress?.slice(0, 64) ?? null,
          detail: { noteId, author: removed[0]?.author ?? null },
        });
      });
    },
  };
}
