/**
 * One log line per request (method, path without its query string, status, time), with a request id
 * sent back as X-Request-Id. Handlers that log something of their own use `req.log`, a child logger
 * carrying the same request fields, created only when first used: a request that logs nothing else
 * costs one line and no child logger (measured on the submission hot path, ADR 0020).
 */
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";

declare module "node:http" {
  interface IncomingMessage {
    /** The request's logger (its id, method and path on every line). */
    log: Logger;
  }
}

const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    const started = performance.now();
    // Only method, path (no query string: it may carry personal data) and status are logged.
    const url = req.url;
    const query = url.indexOf("?");
    const fields = { id, method: req.method, path: query === -1 ? url : url.slice(0, query) };
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ req: fields })),
    });
    if (QUIET_PATHS.has(fields.path)) return next();
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const line = { req: fields, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
      if (res.writableFinished) logger.info(line, "request completed");
      else logger.warn(line, "request aborted");
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
