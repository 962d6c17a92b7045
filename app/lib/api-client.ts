/**
 * The browser's one way to call the HTTP API: JSON in and out, credentials included, and the
 * error rule of docs/requirements.md §8: a failed response becomes an ApiError whose message is
 * "<status>: <body text or status text>", with the server's JSON body kept for its `message`/`errors`.
 */
import { parseErrorBody, type ReceivedErrorBody } from "#core/contracts/error-body";
import { COOKIE_SESSION, CSRF_HEADER, CSRF_HEADER_VALUE } from "#core/staff-request";

/** The error body as received (the contract's `{message, errors?}`, read leniently: core/contracts/error-body.ts). */
export type ApiErrorBody = ReceivedErrorBody;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: ApiErrorBody | undefined,
    public readonly headers: Headers,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's own message (its `message` field), when it sent one. */
  get serverMessage(): string | undefined {
    return typeof this.body?.message === "string" && this.body.message ? this.body.message : undefined;
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }

  /** Seconds to wait before retrying, from Retry-After on a 429 or 503. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get("Retry-After"));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }
}

/** The ApiError of a failed response: "<status>: <body text or status text>", with the parsed error body. */
async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseErrorBody(text), response.headers);
}

/** The session headers of a call: the cookie session's CSRF header, or a bearer token. */
function sessionHeaders(token: string | null | undefined): Record<string, string> {
  if (!token) return {};
  if (token === COOKIE_SESSION) return { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  return { Authorization: `Bearer ${token}` };
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** COOKIE_SESSION for the admin's cookie session (no token in the page), a bearer token otherwise. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers, ...sessionHeaders(options.token) };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "include",
    signal: options.signal,
  });
  if (!response.ok) throw await apiErrorOf(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a visitor reads when the request never reached us (offline, connection dropped). */
export const UNREACHABLE_MESSAGE =
  "We could not reach the server. Your answers are still here: please check your connection and try again.";

/** Waits between the attempts of one submission (each stretched by up to ±25% so clients spread out). */
export const SUBMIT_RETRY_DELAYS_MS = [400, 1200, 3000, 6000];

/** A Retry-After longer than this is not waited for: the visitor is told instead. */
const MAX_RETRY_AFTER_MS = 10_000;

/** A fresh random key (works outside secure contexts too, where crypto.randomUUID is missing). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Transient failures worth another attempt: no answer at all, or the server saying it is briefly unavailable. */
function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504 || error.status === 408;
  return error instanceof TypeError; // fetch's network failure
}

export interface SubmitOptions {
  body: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Waits between attempts (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

/**
 * Posts a public form. One Idempotency-Key is made per submission and sent with each of its retries,
 * so the server stores it once however many attempts reach it. Transient failures are retried with
 * backoff (honouring a short Retry-After); a failure that never reached the server becomes an
 * ApiError with status 0 and a plain message.
 */
export async function submitForm<T>(path: string, options: SubmitOptions): Promise<T> {
  const key = newIdempotencyKey();
  const delays = options.retryDelaysMs ?? SUBMIT_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<T>(path, {
        method: "POST",
        body: options.body,
        headers: { ...options.headers, "Idempotency-Key": key },
        signal: options.signal,
      });
    } catch (error) {
      const delay = delays[attempt];
      if (!isTransient(error) || delay === undefined || options.signal?.aborted) {
        if (error instanceof TypeError) throw new ApiError(0, UNREACHABLE_MESSAGE, { message: UNREACHABLE_MESSAGE }, new Headers());
        throw error;
      }
      const retryAfterMs = error instanceof ApiError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
      if (retryAfterMs > MAX_RETRY_AFTER_MS) throw error;
      const wait = Math.max(delay * (0.75 + Math.random() * 0.5), retryAfterMs);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export interface DownloadProgress {
  bytes: number;
  /** CSV records received so far (header excluded). */
  rows: number;
}

export interface DownloadOptions {
  token?: string | null;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

const BLOB_PART_BYTES = 4 * 1024 * 1024;

/** Counts record ends (CRLF or LF outside quotes) in streamed CSV text; the state carries across chunks. */
export function csvRecordCounter() {
  let inQuotes = false;
  let records = 0;
  // Counted on the bytes: in UTF-8 a quote (0x22) or line feed (0x0A) byte is always that character,
  // so nothing needs decoding.
  // Outside quotes it jumps from one quote or line feed to the next with the native indexOf (most
  // cells are unquoted); inside quotes only the next quote matters.
  return (chunk: Uint8Array): number => {
    let at = 0;
    while (at < chunk.length) {
      if (inQuotes) {
        const quote = chunk.indexOf(34, at);
        if (quote === -1) break;
        inQuotes = false;
        at = quote + 1;
        continue;
      }
      let quote = chunk.indexOf(34, at);
      if (quote === -1) quote = chunk.length;
      for (let line = chunk.indexOf(10, at); line !== -1 && line < quote; line = chunk.indexOf(10, line + 1)) records++;
      if (quote === chunk.length) break;
      inQuotes = true;
      at = quote + 1;
    }
    return records;
  };
}

/**
 * Admin downloads streamed by the server (CSV exports): reads the body chunk by chunk, reporting
 * bytes and rows so far, and returns the file as a Blob with its server-given file name.
 */
export async function apiDownload(path: string, options: DownloadOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = { Accept: "text/csv", ...sessionHeaders(options.token) };
  const response = await fetch(path, { headers, credentials: "include", signal: options.signal });
  if (!response.ok || !response.body) throw await apiErrorOf(response);
  const reader = response.body.getReader();
  const count = csvRecordCounter();
  // The file is gathered in Blobs of a few megabytes as it arrives: one Blob made of a million-row
  // file's chunks at the end would copy hundreds of megabytes in one go and freeze the page for a second.
  const blobs: Blob[] = [];
  let parts: Uint8Array<ArrayBuffer>[] = [];
  let pending = 0;
  let bytes = 0;
  let records = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    pending += value.byteLength;
    if (pending >= BLOB_PART_BYTES) {
      blobs.push(new Blob(parts));
      parts = [];
      pending = 0;
    }
    bytes += value.byteLength;
    records = count(value);
    // At most ten progress updates a second, so a long download never keeps the page busy.
    const now = performance.now();
    if (now - reported >= 100) {
      reported = now;
      options.onProgress?.({ bytes, rows: Math.max(0, records - 1) });
    }
  }
  options.onProgress?.({ bytes, rows: Math.max(0, records - 1) });
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  blobs.push(new Blob(parts));
  return { blob: new Blob(blobs, { type: response.headers.get("Content-Type") ?? "text/csv" }), fileName };
}
