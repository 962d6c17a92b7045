/**
 * A waitlist number she was told stays true (ADR 0087): it only gets smaller as places are offered, and
 * a woman whose number grows (staff moved someone ahead of her) is told the new one at once.
 */
import { inArray } from "drizzle-orm";
import { applications } from "../../db/schema";
import { queueApplicantEmail } from "./emails";
import { type MoveContext, waitlistPosition } from "./moves";

/** Queues a waitlist update for each of `ids` whose number is now larger than `before` (same order). */
export async function tellGrownNumbers(ctx: MoveContext, ids: readonly string[], before: readonly (number | null)[]): Promise<void> {
  const grown: { id: string; position: number }[] = [];
  for (const [i, id] of ids.entries()) {
    const was = before[i] ?? null;
    const now = await waitlistPosition(ctx.tx, id);
    if (was !== null && now !== null && now > was) grown.push({ id, position: now });
  }
  if (!grown.length) return;
  const people = await ctx.tx
    .select({ id: applications.id, email: applications.email, firstName: applications.firstName })
    .from(applications)
    .where(inArray(applications.id, grown.map((g) => g.id)));
  for (const { id, position } of grown) {
    const person = people.find((p) => p.id === id);
    if (person) await queueApplicantEmail(ctx.tx, ctx.outbox, "waitlist_update", person, { firstName: person.firstName, position });
  }
}
