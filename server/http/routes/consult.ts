/**
 * The consult she books herself (ADR 0100):
 *   GET  /api/admin/consult-availability          every staff role: the clinic's consult hours
 *   PUT  /api/admin/consult-availability          super admins change them (fields left out keep their values; audited)
 *   GET  /api/applicant/:token/slots?from=&to=    the free slots she may book → 200 [{ start, end }]
 *   POST /api/applicant/:token/consult  { start } she books → 201; 409 when the slot was just taken or is no longer offered
 *   PUT  /api/applicant/:token/consult  { start } she moves it → 200
 *   DELETE /api/applicant/:token/consult          she cancels it → 204
 *   GET  /api/admin/consults?date=YYYY-MM-DD      the day's consults (the clinic's zone)
 *   GET  /api/admin/consults/slots?date=          the day's free slots, to move a consult to
 *   PUT  /api/admin/consults/:id  { start }       selection staff move one → 200; DELETE cancels it → 204 (audited)
 *   POST /api/admin/applications/:id/consult-invite   selection staff let her book before passing (audited, emailed)
 */
import { type Request, Router } from "express";
import { consultAvailabilityRequestSchema, consultBookingRequestSchema, consultDayQuerySchema, consultSlotsQuerySchema } from "#core/contracts/consult";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS, ROLES_THAT_RUN_SELECTION, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

const UNKNOWN_LINK = "This link does not open an application. Ask for a fresh one on the site.";

export function consultRouter({ services }: RouteContext): Router {
  const router = Router();
  const session = requireSession(services);

  /** The application her link opens, or 404. */
  async function hers(req: Request): Promise<string> {
    const id = await services.applicant.applicationOf(req.params.token);
    if (!id) throw new HttpError(404, UNKNOWN_LINK);
    return id;
  }

  router.get("/admin/consult-availability", session, requireRole(...ROLES_THAT_VIEW), async (_req, res) => {
    res.json(await services.consult.readAvailability());
  });

  router.put("/admin/consult-availability", session, requireRole(...ROLES_THAT_MANAGE_USERS), async (req, res) => {
    const input = parseOr400(consultAvailabilityRequestSchema, req.body);
    res.json(await services.consult.updateAvailability(input, getSession(req).user, clientAddress(req)));
  });

  router.get("/applicant/:token/slots", async (req, res) => {
    const id = await hers(req);
    const range = parseOr400(consultSlotsQuerySchema, req.query);
    res.setHeader("Referrer-Policy", "no-referrer");
    res.json(await services.consult.slotsFor(id, range));
  });

  router.post("/applicant/:token/consult", async (req, res) => {
    const id = await hers(req);
    const { start } = parseOr400(consultBookingRequestSchema, req.body);
    res.status(201).json(await services.consult.book(id, start));
  });

  router.put("/applicant/:token/consult", async (req, res) => {
    const id = await hers(req);
    const { start } = parseOr400(consultBookingRequestSchema, req.body);
    res.json(await services.consult.move(id, start));
  });

  router.delete("/applicant/:token/consult", async (req, res) => {
    await services.consult.cancel(await hers(req));
    res.status(204).end();
  });

  router.get("/admin/consults", session, requireRole(...ROLES_THAT_VIEW), async (req, res) => {
    const { date } = parseOr400(consultDayQuerySchema, req.query);
    res.json(await services.consult.day(date));
  });

  router.get("/admin/consults/slots", session, requireRole(...ROLES_THAT_VIEW), async (req, res) => {
    const { date } = parseOr400(consultDayQuerySchema, req.query);
    res.json(await services.consult.staffSlots(date));
  });

  router.put("/admin/consults/:id", session, requireRole(...ROLES_THAT_RUN_SELECTION), async (req, res) => {
    const id = pathId(req, "Invalid consult id");
    const { start } = parseOr400(consultBookingRequestSchema, req.body);
    res.json(await services.consult.staffMove(id, start, getSession(req).user, clientAddress(req)));
  });

  router.delete("/admin/consults/:id", session, requireRole(...ROLES_THAT_RUN_SELECTION), async (req, res) => {
    const id = pathId(req, "Invalid consult id");
    await services.consult.staffCancel(id, getSession(req).user, clientAddress(req));
    res.status(204).end();
  });

  router.post("/admin/applications/:id/consult-invite", session, requireRole(...ROLES_THAT_RUN_SELECTION), async (req, res) => {
    const id = pathId(req, "Invalid application id");
    res.json(await services.consult.invite(id, getSession(req).user, clientAddress(req)));
  });

  return router;
}
