/**
 * One log line per request (method, path without its query string, status, time), with a request id
 * sent back as X-Request-Id. Handlers that log something of their own use `req.log`, a child logger
 * carrying the same request fields, created only when first used: a request that logs nothing else
 * costs one line and no child logger (measured on the submission hot path, ADR 0020).
 */
import { randomUUID } from "node:crypto";
import { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import { redactPath } from "./log-paths";

declare module "node:http" {
  interface IncomingMessage {
    /** The request's logger (its id, method and path on every line). */
    log: Logger;
  }
}

const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

const ROOT = Symbol("ovella.requestLog.root");
const FIELDS = Symbol("ovella.requestLog.fields");
const CHILD = Symbol("ovella.requestLog.child");

interface LoggedRequest extends IncomingMessage {
  [ROOT]?: Logger;
  [FIELDS]?: { id: string; method: string | undefined; path: string };
  [CHILD]?: Logger;
}

// `req.log` is one getter on the prototype that every request shares, reading plain fields set per request.
// (A getter defined on each request object gave every request a shape of its own, which slows every
// later property access on it.)
Object.defineProperty(IncomingMessage.prototype, "log", {
  configurable: true,
  enumerable: false,
  get(this: LoggedRequest): Logger | undefined {
    const root = this[ROOT];
    if (!root) return undefined;
    return (this[CHILD] ??= root.child({ req: this[FIELDS] }));
  },
});

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    const started = performance.now();
    // Only method, path (no query string: it may carry personal data; no token, ./log-paths.ts) and status are logged.
    const url = req.url;
    const query = url.indexOf("?");
    const fields = { id, method: req.method, path: redactPath(query === -1 ? url : url.slice(0, query)) };
    const logged = req as LoggedRequest;
    logged[ROOT] = logger;
    logged[FIELDS] = fields;
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
