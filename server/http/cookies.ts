/** Reading a request's cookies: the server has no cookie parser, since only a few cookies are ever read. */
import type { Request } from "express";

/** A cookie of the request by name. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
