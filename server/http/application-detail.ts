/**
 * One application as its record page reads it: the record and the same address's others, its audit
 * history, and the selection's state (stage, eligibility, waitlist position, owner, offer deadline,
 * allowed moves, stage history). GET /api/admin/applications/{id} and a stage move answer this.
 */
import type { ApplicationDetail } from "#core/contracts/lists";
import type { Role } from "#core/options";
import type { AppServices } from "../services";
import { ROLES_THAT_MANAGE_USERS } from "./auth";

/** The record as `viewer` may read it: client addresses in its history for super admins only. */
export async function applicationDetail(services: AppServices, id: string, viewer: Role): Promise<ApplicationDetail> {
  const [recordDetail, pipeline] = await Promise.all([services.lists.applications.record(id), services.pipeline.detail(id)]);
  const history = await services.lists.auditLog.history("application", id, {
    seesAddresses: (ROLES_THAT_MANAGE_USERS as readonly string[]).includes(viewer),
  });
  return { ...recordDetail, history, ...pipeline } satisfies ApplicationDetail;
}
