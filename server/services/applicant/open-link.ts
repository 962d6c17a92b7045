/** Which application a link to her page opens, or why it opens none (ADR 0098). */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { applications } from "../../db/schema";
import { verifyPageToken } from "../applicant-page-token";

export type OpenedLink = { id: string } | { state: "invalid" | "expired" };

/** Forged, expired, revoked after it was issued, or erased: no application. */
export async function openPageLink(db: Database, secret: string, now: Date, token: unknown): Promise<OpenedLink> {
  const checked = verifyPageToken(secret, token, now);
  if (!checked.ok) return { state: checked.reason };
  const [app] = await db
    .select({ id: applications.id, revokedAt: applications.page_links_revoked_at })
    .from(applications)
    .where(eq(applications.id, checked.applicationId));
  if (!app) return { state: "invalid" };
  if (app.revokedAt && checked.issuedAt.getTime() < app.revokedAt.getTime()) return { state: "invalid" };
  return { id: app.id };
}
