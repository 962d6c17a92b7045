/**
 * One application as its record page reads it: the record and the same address's others, its audit
 * history, and the selection's state (stage, eligibility, waitlist position, owner, offer deadline,
 * allowed moves, stage history). GET /api/admin/applications/{id} and a stage move answer this.
 */
import type { ApplicationDetail } from "#core/contracts/lists";
import type { AppServices } from "../services";

export async function applicationDetail(services: AppServices, id: string): Promise<ApplicationDetail> {
  const [recordDetail, pipeline] = await Promise.all([services.lists.applications.record(id), services.pipeline.detail(id)]);
  const history = await services.lists.auditLog.history("application", id);
  return { ...recordDetail, history, ...pipeline } satisfies ApplicationDetail;
}
