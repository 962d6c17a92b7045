/** Seeds for privacy tests: every kind of row that can hold an address, and a scan of every text column. */
import { sql } from "drizzle-orm";
import { auditEvents, emailOutbox } from "../server/db/schema";
import type { Database } from "../server/db/client";

export async function insertOutboxEmail(
  db: Database,
  row: { subjectEmail: string | null; recipients: string[]; applicationId?: string; contactMessageId?: string; kind?: string },
): Promise<string> {
  const [inserted] = await db
    .insert(emailOutbox)
    .values({
      kind: row.kind ?? "application_confirmation",
      recipients: row.recipients,
      subject_email: row.subjectEmail,
      application_id: row.applicationId ?? null,
      contact_message_id: row.contactMessageId ?? null,
      payload: { firstName: "Seed", to: row.recipients[0] ?? null },
      message_id: `<${Math.random().toString(36).slice(2)}@ovella.test>`,
    })
    .returning({ id: emailOutbox.id });
  if (!inserted) throw new Error("outbox insert failed");
  return inserted.id;
}

/** An audit event whose detail quotes an address (as an unsubscribe record might). */
export async function insertAuditQuoting(db: Database, action: string, email: string, targetId?: string): Promise<string> {
  const [row] = await db
    .insert(auditEvents)
    .values({ action, actor_username: "system", target_type: "application", target_id: targetId ?? null, detail: { email, note: `mail to ${email}` } })
    .returning({ id: auditEvents.id });
  if (!row) throw new Error("audit insert failed");
  return row.id;
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Every (table, column) of the public schema whose text holds `needle` in any letter case: text, varchar, jsonb and
 * text arrays, found from information_schema so a table added later is scanned too.
 */
export async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
      order by 1, 2`),
  );
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`,
    );
    if ((rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}
