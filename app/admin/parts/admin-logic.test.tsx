import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type LocalColumn, normalizeText, pageOf, sortedOrder, sortRows } from "./lists/local-list";
import { useAuth } from "./session/auth";
import { csvFileName } from "./csv";
import { pathFromQueryKey } from "./session/query";

function Probe() {
  useAuth();
  return null;
}

describe("auth context", () => {
  it("throws outside its provider", () => {
    expect(() => renderToString(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });
});

describe("query keys", () => {
  it("join path segments into the GET path", () => {
    expect(pathFromQueryKey(["api", "applications"])).toBe("/api/applications");
    expect(pathFromQueryKey(["api", "users"])).toBe("/api/users");
  });
});

describe("sorting", () => {
  it("orders numbers numerically and keeps ties stable in both directions", () => {
    const keys = [100, 19, 27, 19];
    expect([...sortedOrder(keys, "asc")]).toEqual([1, 3, 2, 0]);
    expect([...sortedOrder(keys, "desc")]).toEqual([0, 2, 1, 3]);
  });
  it("compares text case- and accent-insensitively", () => {
    const keys = ["Zoë", "adele", "Émilie", "beatriz"].map(normalizeText);
    expect([...sortedOrder(keys, "asc")]).toEqual([1, 3, 2, 0]);
  });

  interface Mail { id: string; queued: string; attempts: number; error: string | null }
  const mails: Mail[] = [
    { id: "a", queued: "2026-11-20T10:00:00Z", attempts: 3, error: null },
    { id: "b", queued: "2026-11-22T10:00:00Z", attempts: 1, error: "refused" },
    { id: "c", queued: "2026-11-21T10:00:00Z", attempts: 10, error: "Timeout" },
  ];
  const columns: LocalColumn<Mail>[] = [
    { id: "queued", header: "Queued", width: 100, cell: (m) => m.queued, sort: { type: "date", value: (m) => m.queued } },
    { id: "attempts", header: "Attempts", width: 100, cell: (m) => m.attempts, sort: { type: "number", value: (m) => m.attempts } },
    { id: "error", header: "Error", width: 100, cell: (m) => m.error, sort: { type: "text", value: (m) => m.error } },
    { id: "actions", header: "Actions", width: 100, cell: () => null },
  ];
  const ids = (rows: readonly Mail[]) => rows.map((m) => m.id);

  it("a list held in the browser sorts by the clicked column's kind of value", () => {
    expect(ids(sortRows(mails, columns, { columnId: "queued", direction: "desc" }))).toEqual(["b", "c", "a"]);
    expect(ids(sortRows(mails, columns, { columnId: "attempts", direction: "asc" }))).toEqual(["b", "a", "c"]);
    // No text sorts first; "refused" before "Timeout" whatever the case.
    expect(ids(sortRows(mails, columns, { columnId: "error", direction: "asc" }))).toEqual(["a", "b", "c"]);
    expect(ids(sortRows(mails, columns, { columnId: "actions", direction: "asc" }))).toEqual(["a", "b", "c"]);
  });

  it("a list held in the browser pages like a server list, a page past the end showing the last one", () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    expect(pageOf(rows, 3, 0)).toEqual({ rows: [0, 1, 2], pageIndex: 0, lastPage: 2 });
    expect(pageOf(rows, 3, 2)).toEqual({ rows: [6], pageIndex: 2, lastPage: 2 });
    expect(pageOf(rows, 3, 5)).toEqual({ rows: [6], pageIndex: 2, lastPage: 2 });
    expect(pageOf([], 3, 1)).toEqual({ rows: [], pageIndex: 0, lastPage: 0 });
  });
});

describe("CSV export", () => {
  it("names files with the brand prefix and the date", () => {
    expect(csvFileName("ovella", "applications", new Date(2026, 0, 5))).toBe("ovella-applications-2026-01-05.csv");
    expect(csvFileName("ovella", "contact-messages", new Date(2026, 11, 31))).toBe("ovella-contact-messages-2026-12-31.csv");
  });
});
