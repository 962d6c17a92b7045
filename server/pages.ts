/**
 * Hands every non-API request to React Router with the typed per-request context, and builds the
 * public pages that are the same for every visitor once (./http/static-pages, ADR 0051).
 */
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestContext } from "../app/request-context.server";
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import type { Env } from "./config/env";
import { clientAddress } from "./http/client-address";
import { negotiateLanguage } from "./http/language";
import type { UnsubscribeService } from "./services/outbox";
import type { PipelineService } from "./services/pipeline";
import type { ApplicantPages } from "./services/applicant";
import { CONSULT_REFUSAL_WORDS, type ConsultService } from "./services/consult";
import { pageWords } from "./services/page-words";
import type { Language } from "#core/i18n/languages";
import type { PageMessageKey } from "#core/i18n/page-en";
import { ServiceError } from "./services/errors";
import { retentionPolicyFromEnv } from "./services/privacy";

type ContextKey = Parameters<RouterContextProvider["set"]>[0];

function contextKeyOf(build: ServerBuild): ContextKey {
  const key = (build.entry.module as { requestContext?: ContextKey }).requestContext;
  if (!key) throw new Error("entry.server must export requestContext");
  return key;
}

function routerContext(build: ServerBuild, value: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(contextKeyOf(build), value);
  return context;
}

/** The pilot's state for a page: the live settings' last read, or the first values when there is no selection service. */
export function pilotOfPages(env: Env, pipeline?: PipelineService): () => PilotPublicState {
  if (pipeline) return pipeline.pilot.current;
  const first: PilotPublicState = { capacity: env.PILOT_CAPACITY, status: "open", enrollmentOpensAt: null, enrollmentClosesAt: null };
  return () => first;
}

export function createPagesHandler(
  getBuild: () => Promise<ServerBuild>,
  env: Env,
  mode: string,
  unsubscribe: UnsubscribeService,
  pipeline?: PipelineService,
  applicant?: ApplicantPages,
  consult?: ConsultService,
): RequestHandler {
  const pilot = pilotOfPages(env, pipeline);
  let cached: { build: ServerBuild; handler: RequestHandler } | undefined;
  return async (req, res, next) => {
    const build = await getBuild();
    if (!cached || cached.build !== build) {
      const handler = createRequestHandler({
        build,
        mode,
        getLoadContext: (request, response) =>
          routerContext(build, {
            nonce: String(response.locals.cspNonce ?? ""),
            siteUrl: env.PUBLIC_SITE_URL,
            metaPixelId: env.META_PIXEL_ID,
            language: negotiateLanguage(request.get("accept-language")),
            unsubscribe: {
              check: unsubscribe.check,
              confirm: (token) => unsubscribe.confirm(token, clientAddress(request)),
              language: unsubscribe.language,
            },
            offers: pipeline && { view: pipeline.viewOffer, answer: pipeline.answerOffer, language: pipeline.offerLanguage },
            applicantPage: applicant && {
              view: applicant.view,
              act: applicant.act,
              requestLink: applicant.requestLink,
              ...(consult ? { consult: consultOfPage(applicant, consult) } : {}),
            },
            applicantDetails: applicant && {
              details: applicant.details,
              updateContact: applicant.updateContact,
              setPreferences: applicant.setPreferences,
              setLanguage: applicant.setLanguage,
              checkEmailChange: applicant.checkEmailChange,
              confirmEmailChange: applicant.confirmEmailChange,
            },
            retention: retentionPolicyFromEnv(env),
            pilot: pilot(),
          }),
      });
      cached = { build, handler };
    }
    await cached.handler(req, res, next);
  };
}

const CHOOSE_A_TIME = "Choose one of the times offered.";

/** A consult refused, in her language: the service's words (English) for each refusal, to the pages' catalogue (ADR 0112). */
const CONSULT_REFUSALS: Readonly<Record<string, PageMessageKey>> = {
  [CHOOSE_A_TIME]: "consult.error.choose",
  [CONSULT_REFUSAL_WORDS.slotGone]: "consult.error.slotGone",
  [CONSULT_REFUSAL_WORDS.slotTaken]: "consult.error.slotTaken",
  [CONSULT_REFUSAL_WORDS.alreadyBooked]: "consult.error.alreadyBooked",
  [CONSULT_REFUSAL_WORDS.notOpen]: "consult.error.notOpen",
  [CONSULT_REFUSAL_WORDS.noneBooked]: "consult.error.noneBooked",
};

function consultRefusalIn(language: Language, message: string): string {
  const key = CONSULT_REFUSALS[message];
  return key ? pageWords(language).t(key) : message;
}

/** Her consult on her page (ADR 0100): the link opens her application, the consult service does the rest. */
function consultOfPage(applicant: ApplicantPages, consult: ConsultService): NonNullable<NonNullable<RequestContext["applicantPage"]>["consult"]> {
  return {
    async slots(token, from) {
      const id = await applicant.applicationOf(token);
      if (!id) return null;
      return consult.slotsFor(id, { from }).catch((error: unknown) => {
        if (error instanceof ServiceError) return null;
        throw error;
      });
    },
    async act(token, intent, start) {
      const id = await applicant.applicationOf(token);
      if (!id) return { state: "invalid" };
      try {
        if (intent === "consult_cancel") await consult.cancel(id);
        else if (!start) throw new ServiceError("invalid", CHOOSE_A_TIME);
        else if (intent === "consult_book") await consult.book(id, start);
        else await consult.move(id, start);
      } catch (error) {
        if (!(error instanceof ServiceError) || (error.kind !== "conflict" && error.kind !== "invalid")) throw error;
        const page = await applicant.view(token);
        return { ...page, consultError: consultRefusalIn(page.state === "open" ? page.language : "en", error.message) };
      }
      return { ...(await applicant.view(token)), done: intent };
    },
  };
}

/**
 * Renders one path as any visitor gets it: no cookies, no headers of anyone's, no nonce (a page built
 * once allows its inline scripts by hash). Only pages that read nothing of the request are built so.
 */
export function createPageRenderer(env: Env, mode: string, pilot: () => PilotPublicState) {
  let cached: { build: ServerBuild; handle: ReturnType<typeof createFetchHandler> } | undefined;
  return (build: ServerBuild, path: string): Promise<Response> => {
    if (!cached || cached.build !== build) cached = { build, handle: createFetchHandler(build, mode) };
    const context = routerContext(build, {
      nonce: "",
      siteUrl: env.PUBLIC_SITE_URL,
      metaPixelId: env.META_PIXEL_ID,
      language: "en",
      retention: retentionPolicyFromEnv(env),
      pilot: pilot(),
    });
    return cached.handle(new Request(new URL(path, "http://localhost")), context);
  };
}
