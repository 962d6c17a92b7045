/**
 * The pilot's selection under /api/admin (core/pipeline, ADR 0059):
 * "Selection staff" are coordinators, admins and super admins (ROLES_THAT_RUN_SELECTION, ADR 0089).
 *   POST applications/:id/stage           move to another stage (selection staff): 200 with the record, 409 when the
 *                                         table forbids it or no place is free, 400 for an unknown stage; an API key
 *                                         with applications:write-stage gets the outcome only {id, stage, at} (ADR 0094)
 *   GET  pipeline                         places (capacity, taken) and the count in each stage
 *   GET  pipeline/funnel                  the funnel by source, campaign or form source, and applications per day
 *                                         of the staff member's zone; cached up to a minute (?fresh=1 recounts)
 *   GET  pipeline/stuck                   applicants waiting in a staff stage longer than PIPELINE_STUCK_DAYS
 *   GET  applications/:id/notes           the notes, oldest first; POST adds one (selection staff, 201)
 *   DELETE applications/:id/notes/:noteId an admin removes a note (audited)
 *   PUT  applications/:id/owner           assign an active staff member or nobody (selection staff)
 *   POST applications/:id/waitlist-move   one place up or down the waitlist (super admins)
 *   POST applications/bulk                invite, waitlist or assign an owner for many at once (selection staff)
 *   POST applications/:id/stage/undo      take back the latest move within MOVE_UNDO_SECONDS (its author or a super
 *                                         admin): 200 with the record, 409 once the window has passed
 *   POST applications/:id/offer/resend    the open offer again, fresh link, to the address on the record (selection staff): 202
 *   POST applications/:id/offer/extend    a later deadline `{ until }`, told to her (selection staff): 200 `{ offerExpiresAt }`
 *   GET  staff-directory                  the active staff an application may be assigned to: usernames and roles (selection staff)
 */
import { type Request, Router } from "express";
import { funnelQuerySchema, stuckQuerySchema } from "#core/contracts/funnel";
import {
  bulkActionRequestSchema,
  noteRequestSchema,
  offerExtendRequestSchema,
  ownerRequestSchema,
  stageMoveRequestSchema,
  type StageMoveOutcome,
  waitlistMoveRequestSchema,
} from "#core/contracts/pipeline";
import type { PipelineDetail } from "../../services/pipeline";
import { apiKeyGuards } from "../api-key-guard";
import { applicationDetail } from "../application-detail";
import { apiKeyOf, getSession, requireRole, requireSession, ROLES_THAT_DELETE, ROLES_THAT_MANAGE_USERS, ROLES_THAT_RUN_SELECTION, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

const INVALID_ID = "Invalid application id";

/** The query string as flat strings; empty values count as absent, repeated keys are refused. */
function flatQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value !== "string") throw new HttpError(400, "Validation failed", { [key]: ["Give this parameter once"] });
    if (value !== "") out[key] = value;
  }
  return out;
}

export function pipelineRouter({ deps, services }: RouteContext): Router {
  const router = Router();
  const session = requireSession(services);
  const staff = [session, requireRole(...ROLES_THAT_VIEW)];
  // Coordinators, admins and super admins move stages, add notes, assign owners, run bulk actions and handle
  // offers (docs/requirements.md §6, ADR 0089); removing a note stays with admins.
  const selection = [session, requireRole(...ROLES_THAT_RUN_SELECTION)];
  const admins = [session, requireRole(...ROLES_THAT_DELETE)];
  // Only super admins reorder the waitlist.
  const superAdmins = [session, requireRole(...ROLES_THAT_MANAGE_USERS)];

  router.get("/pipeline", ...staff, async (_req, res) => {
    res.json(await services.pipeline.summary());
  });

  router.get("/pipeline/funnel", ...staff, async (req, res) => {
    const { by, days, zone, fresh } = parseOr400(funnelQuerySchema, flatQuery(req));
    res.json(await services.pipeline.funnel.funnel(by, days, zone, fresh));
  });

  router.get("/pipeline/stuck", ...staff, async (req, res) => {
    const { fresh } = parseOr400(stuckQuerySchema, flatQuery(req));
    res.json(await services.pipeline.funnel.stuck(fresh));
  });

  router.post("/applications/bulk", ...selection, async (req, res) => {
    const input = parseOr400(bulkActionRequestSchema, req.body);
    res.json(await services.pipeline.bulk(input, getSession(req).user, clientAddress(req)));
  });

  // An API key with applications:write-stage may move stages too (ADR 0068), audited as the key.
  const movers = [...apiKeyGuards(deps)("applications:write-stage"), requireRole(...ROLES_THAT_RUN_SELECTION)];
  // A staff session is answered the record as its page shows it; a key only the outcome (ADR 0094).
  const answerMove = async (req: Request, id: string, moved: PipelineDetail) =>
    apiKeyOf(req)
      ? ({ id, stage: moved.stage, at: moved.stageHistory.at(-1)?.at ?? new Date().toISOString() } satisfies StageMoveOutcome)
      : applicationDetail(services, id, getSession(req).user.role);

  router.post("/applications/:id/stage", ...movers, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { to, reason } = parseOr400(stageMoveRequestSchema, req.body);
    const moved = await services.pipeline.move({ applicationId: id, to, reason, actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.json(await answerMove(req, id, moved));
  });

  router.post("/applications/:id/stage/undo", ...movers, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const user = getSession(req).user;
    const undone = await services.pipeline.undo({ applicationId: id, actor: user, superAdmin: user.role === "super_admin", clientAddress: clientAddress(req) });
    res.json(await answerMove(req, id, undone));
  });

  router.get("/applications/:id/notes", ...staff, async (req, res) => {
    res.json(await services.pipeline.notes.list(pathId(req, INVALID_ID)));
  });

  router.post("/applications/:id/notes", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { text } = parseOr400(noteRequestSchema, req.body);
    res.status(201).json(await services.pipeline.notes.add(id, text, getSession(req).user, clientAddress(req)));
  });

  router.delete("/applications/:id/notes/:noteId", ...admins, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const noteId = pathId(req, "Invalid note id", "noteId");
    await services.pipeline.notes.remove(id, noteId, getSession(req).user, clientAddress(req));
    res.status(204).end();
  });

  router.post("/applications/:id/waitlist-move", ...superAdmins, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { direction } = parseOr400(waitlistMoveRequestSchema, req.body);
    await services.pipeline.moveOnWaitlist(id, direction, getSession(req).user, clientAddress(req));
    res.json(await applicationDetail(services, id, getSession(req).user.role));
  });

  router.post("/applications/:id/offer/resend", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    res.status(202).json(await services.pipeline.offers.resend(id, getSession(req).user, clientAddress(req)));
  });

  router.post("/applications/:id/offer/extend", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { until } = parseOr400(offerExtendRequestSchema, req.body);
    res.json(await services.pipeline.offers.extend(id, until, getSession(req).user, clientAddress(req)));
  });

  router.put("/applications/:id/owner", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { owner } = parseOr400(ownerRequestSchema, req.body);
    await services.pipeline.owners.assign([id], owner, getSession(req).user, clientAddress(req));
    res.json(await applicationDetail(services, id, getSession(req).user.role));
  });

  // Whom an application may be assigned to: the owner picker of the record page and of the bulk actions.
  router.get("/staff-directory", ...selection, async (_req, res) => {
    res.json(await services.users.directory());
  });

  return router;
}
