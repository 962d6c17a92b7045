/** Submissions while the data directory's disk is (almost) full: 503 with Retry-After, nothing written. */
import type { RequestHandler } from "express";
import type { DiskGuard } from "../services/disk-space";
import { HttpError } from "./errors";
import { ANSWER_EN } from "#core/i18n/answer-en";

export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
export const DISK_FULL_MESSAGE = ANSWER_EN["answer.diskFull"];

export function refuseWritesWhenDiskFull(guard: DiskGuard | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!guard || req.method !== "POST") return next();
    guard.check().then(
      (space) => {
        if (space.ok) return next();
        req.log?.warn({ freeBytes: space.freeBytes }, "submission refused: disk almost full");
        next(new HttpError(503, DISK_FULL_MESSAGE, undefined, { "Retry-After": String(DISK_FULL_RETRY_AFTER_SECONDS) }));
      },
      next,
    );
  };
}
