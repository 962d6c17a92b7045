/**
 * A staff member's own second factors (docs/requirements.md §4, ADR 0053): GET /api/factors; TOTP
 * enrolment (POST /api/factors/totp, /totp/confirm); passkey enrolment (POST /api/factors/passkey/options,
 * /passkey); new recovery codes (POST /api/factors/recovery-codes). Enrolment is open to a fully signed-in
 * session and to one whose sign-in waits for it (MFA required, no factor yet), which it then completes.
 */
import { Router, type Request, type Response } from "express";
import { codeRequestSchema } from "#core/contracts/auth";
import { passkeyEnrolmentRequestSchema, type EnrolmentResult, type FactorStatusBody } from "#core/contracts/factors";
import { brand } from "#core/brand";
import type { ActiveSession } from "../../services/staff";
import { getSession, getTransport, requireSession, requireSignInStep, SESSION_INVALID } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { handOverSession } from "../staff-session/answer";
import type { RouteContext } from "./context";

/** Enrolment is for a full session or one whose sign-in waits for it. */
function enrollingSession(req: Request): ActiveSession {
  const session = getSession(req);
  if (session.stage !== "full" && session.stage !== "enrol") throw new HttpError(401, SESSION_INVALID);
  return session;
}

export function factorsRouter({ services }: RouteContext): Router {
  const router = Router();
  const full = requireSession(services);
  const enrolling = requireSignInStep(services);

  /** Answers an enrolment: completes a waiting sign-in, and shows a first factor's recovery codes once. */
  async function answerEnrolment(req: Request, res: Response, session: ActiveSession, recoveryCodes: string[] | null, method: string) {
    await services.sessions.revokeOtherEnrolments(session.user.id, session.sessionId);
    const finished = await services.auth.finishEnrolment(session, clientAddress(req), method);
    const token = finished ? handOverSession(res, getTransport(req), finished, services.knownDevices) : undefined;
    res.json({
      recoveryCodes,
      step: finished ? finished.step : "done",
      user: session.user,
      ...(token ? { token } : {}),
    } satisfies EnrolmentResult);
  }

  router.get("/", full, async (req, res) => {
    const status = await services.factors.status(getSession(req).user.id);
    res.json({
      factors: status.factors.map((factor) => ({
        ...factor,
        created_at: factor.created_at.toISOString(),
        last_used_at: factor.last_used_at?.toISOString() ?? null,
      })),
      recoveryCodesLeft: status.recoveryCodesLeft,
    } satisfies FactorStatusBody);
  });

  router.post("/totp", enrolling, async (req, res) => {
    const session = enrollingSession(req);
    res.json(await services.factors.startTotp(session.user, brand.name));
  });

  router.post("/totp/confirm", enrolling, async (req, res) => {
    const session = enrollingSession(req);
    const { code } = parseOr400(codeRequestSchema, req.body);
    const ctx = { actor: session.user, clientAddress: clientAddress(req) };
    const recoveryCodes = await services.factors.confirmTotp(session.user, code, ctx);
    await answerEnrolment(req, res, session, recoveryCodes, "totp");
  });

  router.post("/passkey/options", enrolling, async (req, res) => {
    const session = enrollingSession(req);
    const options = await services.factors.passkeyRegistrationOptions(session.user);
    await services.sessions.setChallenge(session.sessionId, options.challenge);
    res.json(options);
  });

  router.post("/passkey", enrolling, async (req, res) => {
    const session = enrollingSession(req);
    const { response, label } = parseOr400(passkeyEnrolmentRequestSchema, req.body);
    await services.sessions.setChallenge(session.sessionId, null);
    const ctx = { actor: session.user, clientAddress: clientAddress(req) };
    const recoveryCodes = await services.factors.registerPasskey(session.user, session.challenge, response, label ?? "Passkey", ctx);
    await answerEnrolment(req, res, session, recoveryCodes, "passkey");
  });

  router.post("/recovery-codes", full, async (req, res) => {
    res.json({ recoveryCodes: await services.factors.regenerateRecoveryCodes(getSession(req).user.id) });
  });

  return router;
}
