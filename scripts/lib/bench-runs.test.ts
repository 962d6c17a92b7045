import { describe, expect, it } from "vitest";
import { runFile, slug, withRunListed } from "./bench-runs";

const when = new Date("2026-11-27T09:06:30Z");

describe("dated benchmark runs", () => {
  it("names a run by its day and what was measured, and a second run of the day by its time too", () => {
    expect(runFile("api", { root: "/r", when, exists: () => false })).toBe("docs/benchmarks/runs/2026-11-27-api.md");
    expect(runFile("api", { root: "/r", when, exists: () => true })).toBe("docs/benchmarks/runs/2026-11-27-api-0906.md");
    expect(runFile("admin", { root: "/r", when, reuse: "same day", exists: () => true })).toBe("docs/benchmarks/runs/2026-11-27-admin.md");
    expect(slug("after the field catalogue (8dd0598)")).toBe("after-the-field-catalogue-8dd0598");
  });

  it("lists a run under its benchmark's marker, newest first, once", () => {
    const summary = "## API\n\nRuns:\n<!-- runs:api -->\n- [older](benchmarks/runs/2026-11-26-api.md)\n\n## Pages\n<!-- runs:pages -->\n";
    const once = withRunListed(summary, "api", "docs/benchmarks/runs/2026-11-27-api.md", "2026-11-27");
    expect(once).toContain("<!-- runs:api -->\n- [2026-11-27](benchmarks/runs/2026-11-27-api.md)\n- [older]");
    expect(withRunListed(once, "api", "docs/benchmarks/runs/2026-11-27-api.md", "2026-11-27")).toBe(once);
    expect(withRunListed(summary, "web", "docs/benchmarks/runs/2026-11-27-web.md", "x")).toBe(summary);
  });
});
