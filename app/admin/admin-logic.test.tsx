import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { normalizeText, sortedOrder } from "~/components/ui/data-table";
import { useAuth } from "./auth";
import { csvFileName } from "./csv";
import { pathFromQueryKey } from "./query";

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
});

describe("CSV export", () => {
  it("names files with the brand prefix and the date", () => {
    expect(csvFileName("ovella", "applications", new Date(2026, 0, 5))).toBe("ovella-applications-2026-01-05.csv");
    expect(csvFileName("ovella", "contact-messages", new Date(2026, 11, 31))).toBe("ovella-contact-messages-2026-12-31.csv");
  });
});
