/**
 * Requests started before the page that needs them has mounted (while the stored session is being
 * checked): the answer waits here, unseen, until that page takes it. It is handed out once, only for
 * the same path and token, only while fresh, and every pending one is dropped when a session ends
 * (a 401 on the check, a logout) or another begins, so nothing is ever shown without a confirmed session.
 */
import { apiRequest } from "~/lib/api-client";

/** Lists change while staff read them: an answer older than this is fetched again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Pending {
  token: string;
  startedAt: number;
  answer: Promise<unknown>;
}

const pending = new Map<string, Pending>();

/** Starts a GET of `path` with `token` and keeps the answer for `takePrefetched`. */
export function prefetch(path: string, token: string): void {
  const answer = apiRequest<unknown>(path, { token });
  // A refusal is the taker's to handle (or nobody's, once discarded).
  answer.catch(() => undefined);
  pending.set(path, { token, startedAt: Date.now(), answer });
}

/** The answer of a prefetch of `path` with `token` (once), or null when there is none to use. */
export function takePrefetched<T>(path: string, token: string | null): Promise<T> | null {
  const entry = pending.get(path);
  if (!entry) return null;
  pending.delete(path);
  if (token === null || entry.token !== token || Date.now() - entry.startedAt > PREFETCH_MAX_AGE_MS) return null;
  return entry.answer as Promise<T>;
}

/** Drops every pending answer (the session ended or changed). */
export function discardPrefetches(): void {
  pending.clear();
}
