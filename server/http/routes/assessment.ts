/**
 * The assessment step and her reminders under /api/admin (ADR 0101, 0102); selection staff (coordinators, admins,
 * super admins) record, every staff role reads:
 *   GET    applications/:id/assessment                the kit's steps, the reviews, whether a decision may be made, reminders
 *   POST   applications/:id/assessment                `{ status }` a step of the kit's progress → 200 with the above;
 *                                                     409 unless she is at assessment_invited
 *   POST   applications/:id/review                    `{ meetsCriteria, recommendation, reason }` → 201 with the review;
 *                                                     409 unless she is at assessment_invited
 *   DELETE applications/:id/reminders/:reminderId     cancel a scheduled reminder → 204; 409 once sent or cancelled
 */
import { Router } from "express";
import { kitStepRequestSchema, reviewRequestSchema } from "#core/contracts/assessment";
import { getSession, requireRole, requireSession, ROLES_THAT_RUN_SELECTION, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

const INVALID_ID = "Invalid application id";

export function assessmentRouter({ services }: RouteContext): Router {
  const router = Router();
  const session = requireSession(services);
  const staff = [session, requireRole(...ROLES_THAT_VIEW)];
  const selection = [session, requireRole(...ROLES_THAT_RUN_SELECTION)];

  router.get("/applications/:id/assessment", ...staff, async (req, res) => {
    res.json(await services.pipeline.assessment.view(pathId(req, INVALID_ID)));
  });

  router.post("/applications/:id/assessment", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { status } = parseOr400(kitStepRequestSchema, req.body);
    res.json(await services.pipeline.assessment.recordStep(id, status, getSession(req).user, clientAddress(req)));
  });

  router.post("/applications/:id/review", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const input = parseOr400(reviewRequestSchema, req.body);
    res.status(201).json(await services.pipeline.assessment.review(id, input, getSession(req).user, clientAddress(req)));
  });

  router.delete("/applications/:id/reminders/:reminderId", ...selection, async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const reminderId = pathId(req, "Invalid reminder id", "reminderId");
    await services.reminders.cancelByStaff(id, reminderId, getSession(req).user, clientAddress(req));
    res.status(204).end();
  });

  return router;
}
