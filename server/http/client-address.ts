/** The client's address as Express sees it: X-Forwarded-For is believed only when TRUST_PROXY is on. */
import type { Request } from "express";

export function clientAddress(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}
