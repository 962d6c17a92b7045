/** Requests started while the stored session is checked: used once, only with the same token and fresh, dropped when a session ends. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminSession, SESSION_CHECK_PATH } from "../parts/session/auth";
import { APPLICATIONS_LIST_PATH, DEFAULT_LIST_SORT, listQueryOf, pagePath } from "../parts/lists/list-path";
import { DEFAULT_FUNNEL_GROUP, funnelPath, funnelQuery, STUCK_PATH, stuckQuery } from "../tabs/funnel/queries";
import { discardPrefetches, PREFETCH_MAX_AGE_MS, prefetch, takePrefetched } from "../parts/session/prefetch";
import { warmUpAdmin } from "./warm-up";

const FIRST_PAGE = "/api/admin/applications?sort=submitted_at&dir=desc&limit=50";

function stubFetch(status = 200, body: unknown = { rows: [], nextCursor: null, total: 0 }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  discardPrefetches();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("list paths", () => {
  it("spell the first page the way the dashboard asks for it", () => {
    expect(pagePath(APPLICATIONS_LIST_PATH, listQueryOf("", DEFAULT_LIST_SORT), 50, null)).toBe(FIRST_PAGE);
    expect(pagePath("/api/admin/contact", listQueryOf("q=a%2Bb", { columnId: "age", direction: "asc" }), 100, "c/1")).toBe(
      "/api/admin/contact?q=a%2Bb&sort=age&dir=asc&limit=100&cursor=c%2F1",
    );
  });
});

describe("prefetch", () => {
  it("hands the answer out once, to the same path and token", async () => {
    const fetchMock = stubFetch();
    prefetch(FIRST_PAGE, "token-a");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer token-a");
    expect(takePrefetched("/api/admin/contact?sort=submitted_at&dir=desc&limit=50", "token-a")).toBeNull();
    await expect(takePrefetched(FIRST_PAGE, "token-a")).resolves.toEqual({ rows: [], nextCursor: null, total: 0 });
    expect(takePrefetched(FIRST_PAGE, "token-a")).toBeNull();
  });

  it("is not used with another token or once it is old", () => {
    stubFetch();
    prefetch(FIRST_PAGE, "token-a");
    expect(takePrefetched(FIRST_PAGE, "token-b")).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    prefetch(FIRST_PAGE, "token-a");
    vi.setSystemTime(Date.now() + PREFETCH_MAX_AGE_MS + 1);
    expect(takePrefetched(FIRST_PAGE, "token-a")).toBeNull();
  });

  it("is discarded when the session ends (a refused stored session, a logout, another sign-in)", async () => {
    stubFetch(401, { message: "Invalid or expired token" });
    prefetch(FIRST_PAGE, "stale-token");
    const session = new AdminSession();
    const ended = vi.fn();
    session.onEnd(ended);
    session.ended();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(takePrefetched(FIRST_PAGE, "stale-token")).toBeNull();
    // A refused prefetch nobody takes raises no unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("a refusal reaches whoever takes the answer", async () => {
    stubFetch(401, { message: "Invalid or expired token" });
    prefetch(FIRST_PAGE, "stale-token");
    await expect(takePrefetched(FIRST_PAGE, "stale-token")).rejects.toMatchObject({ status: 401 });
  });
});

describe("warm-up", () => {
  it("checks the session on every admin page and prefetches the first page only on the dashboard's Applications tab", () => {
    const fetchMock = stubFetch();
    warmUpAdmin("/admin/", "", "t");
    warmUpAdmin("/admin", "?tab=messages", "t");
    warmUpAdmin("/admin/applications/123", "", "t");
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([SESSION_CHECK_PATH, FIRST_PAGE, SESSION_CHECK_PATH, SESSION_CHECK_PATH]);
  });

  it("starts the Funnel tab's two reads with the session check, and the tab's queries take them instead of asking again", async () => {
    const fetchMock = stubFetch(200, { by: "source" });
    warmUpAdmin("/admin", "?tab=funnel", "t");
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([SESSION_CHECK_PATH, funnelPath(DEFAULT_FUNNEL_GROUP), STUCK_PATH]);
    const asked: string[] = [];
    const request = <T,>(path: string): Promise<T> => {
      asked.push(path);
      return Promise.resolve({ asked: true } as T);
    };
    const signal = new AbortController().signal;
    await expect(funnelQuery(DEFAULT_FUNNEL_GROUP, request, "t").queryFn({ signal })).resolves.toEqual({ by: "source" });
    await expect(stuckQuery(request, "t").queryFn({ signal })).resolves.toEqual({ by: "source" });
    expect(asked).toEqual([]);
    // Taken once: the next read (a refetch, another split) asks the server.
    await expect(funnelQuery(DEFAULT_FUNNEL_GROUP, request, "t").queryFn({ signal })).resolves.toEqual({ asked: true });
    await funnelQuery("utm_campaign", request, "t").queryFn({ signal });
    expect(asked).toEqual([funnelPath(DEFAULT_FUNNEL_GROUP), funnelPath("utm_campaign")]);
  });
});
