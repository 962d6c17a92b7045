/** Runs an async route handler and passes its failure to the API's error handler. */
import type { Request, RequestHandler, Response } from "express";

export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    fn(req, res).catch(next);
  };
}
