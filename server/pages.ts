/** Hands every non-API request to React Router with the typed per-request context. */
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestContext } from "../app/request-context.server";
import type { Env } from "./config/env";
import { clientAddress } from "./http/client-address";
import type { UnsubscribeService } from "./services/outbox/unsubscribe";
import { retentionPolicyFromEnv } from "./services/privacy/config";

type ContextKey = Parameters<RouterContextProvider["set"]>[0];

function contextKeyOf(build: ServerBuild): ContextKey {
  const key = (build.entry.module as { requestContext?: ContextKey }).requestContext;
  if (!key) throw new Error("entry.server must export requestContext");
  return key;
}

export function createPagesHandler(
  getBuild: () => Promise<ServerBuild>,
  env: Env,
  mode: string,
  unsubscribe: UnsubscribeService,
): RequestHandler {
  let cached: { build: ServerBuild; handler: RequestHandler } | undefined;
  return async (req, res, next) => {
    try {
      const build = await getBuild();
      if (!cached || cached.build !== build) {
        const key = contextKeyOf(build);
        const handler = createRequestHandler({
          build,
          mode,
          getLoadContext: (request, response) => {
            const context = new RouterContextProvider();
            const value: RequestContext = {
              nonce: String(response.locals.cspNonce ?? ""),
              siteUrl: env.PUBLIC_SITE_URL,
              metaPixelId: env.META_PIXEL_ID,
              unsubscribe: {
                check: unsubscribe.check,
                confirm: (token) => unsubscribe.confirm(token, clientAddress(request)),
              },
              retention: retentionPolicyFromEnv(env),
            };
            context.set(key, value);
            return context;
          },
        });
        cached = { build, handler };
      }
      await cached.handler(req, res, next);
    } catch (error) {
      next(error);
    }
  };
}
