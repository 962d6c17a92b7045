/** Form submissions: one Idempotency-Key per submission, reused across its retries, and plain failures. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, submitForm, UNREACHABLE_MESSAGE } from "./api-client";

const fast = { retryDelaysMs: [1, 1, 1] };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

function stubFetch(...answers: (Response | Error)[]) {
  const calls: { key: string | null; body: string }[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ key: headers["Idempotency-Key"] ?? null, body: String(init.body) });
    const answer = answers.shift();
    if (!answer) throw new Error("no answer left");
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("submitForm", () => {
  it("retries a 503 and a dropped connection with the same key and body, then returns the answer", async () => {
    const calls = stubFetch(
      json(503, { message: "away" }, { "Retry-After": "0" }),
      new TypeError("fetch failed"),
      json(201, { id: "abc" }),
    );
    const result = await submitForm<{ id: string }>("/api/contact", { body: { a: 1 }, ...fast });
    expect(result).toEqual({ id: "abc" });
    expect(calls).toHaveLength(3);
    expect(calls[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
  });

  it("uses a new key for each submission", async () => {
    const calls = stubFetch(json(201, { id: "1" }), json(201, { id: "2" }));
    await submitForm("/api/contact", { body: {}, ...fast });
    await submitForm("/api/contact", { body: {}, ...fast });
    expect(calls[0]?.key).not.toBe(calls[1]?.key);
  });

  it("does not retry a validation error or a rate limit", async () => {
    const calls = stubFetch(json(400, { message: "Validation failed", errors: { email: ["bad"] } }));
    await expect(submitForm("/api/contact", { body: {}, ...fast })).rejects.toMatchObject({ status: 400 });
    expect(calls).toHaveLength(1);
    const limited = stubFetch(json(429, { message: "Too many" }, { "Retry-After": "60" }));
    await expect(submitForm("/api/contact", { body: {}, ...fast })).rejects.toMatchObject({ status: 429 });
    expect(limited).toHaveLength(1);
  });

  it("says plainly that the server could not be reached when every attempt fails", async () => {
    const calls = stubFetch(...Array.from({ length: 4 }, () => new TypeError("fetch failed")));
    const error = await submitForm("/api/applications", { body: {}, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).serverMessage).toBe(UNREACHABLE_MESSAGE);
    expect(calls).toHaveLength(4);
  });

  it("hands back the server's own 503 message once the retries are used up", async () => {
    stubFetch(...Array.from({ length: 4 }, () => json(503, { message: "We could not reach our database just now." })));
    await expect(submitForm("/api/contact", { body: {}, ...fast })).rejects.toMatchObject({
      status: 503,
      serverMessage: "We could not reach our database just now.",
    });
  });
});

describe("apiDownload", () => {
  it("counts CSV rows on the raw bytes, across chunks, quoted line breaks and multi-byte text", async () => {
    const { apiDownload } = await import("./api-client");
    const text = '\uFEFFName,Note\r\n"Zoë",plain\r\n"Siobhán","two\r\nlines ""quoted"""\r\nLéa,—\r\n';
    const bytes = new TextEncoder().encode(text);
    // Cut inside a multi-byte character and inside the quoted line break.
    const cuts = [0, 20, 21, 37, 38, bytes.length];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 1; i < cuts.length; i++) controller.enqueue(bytes.slice(cuts[i - 1], cuts[i]));
        controller.close();
      },
    });
    vi.stubGlobal("fetch", vi.fn(async () => new Response(body, { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="x.csv"' } })));
    const progress: { rows: number; bytes: number }[] = [];
    const { blob, fileName } = await apiDownload("/x", { onProgress: (p) => progress.push(p) });
    expect(fileName).toBe("x.csv");
    expect(await blob.text()).toBe(text.slice(1));
    expect(blob.size).toBe(bytes.length);
    expect(progress.at(-1)).toEqual({ bytes: bytes.length, rows: 3 });
  });
});
