import { describe, expect, it } from "vitest";
import { withAdminRows, withPipelineRows } from "./admin";

const row = (engine: string, size: string, note: string) => `| ${engine} | ${size} | ${note} | 1 ms |`;

describe("bench:admin tables in its run file", () => {
  const document = [
    "# Benchmarks",
    "",
    "<!-- bench:admin start -->",
    "| Engine | Applications | Measured | Seed |",
    "|---|---:|---|---:|",
    row("postgres", "10,000", "old"),
    row("postgres", "1,000,000", "old"),
    row("pglite", "100,000", "old"),
    "<!-- bench:admin end -->",
    "",
    "Notes stay.",
  ].join("\n");

  it("replaces the rows of the measured engine and size, keeps the others, and touches nothing outside the markers", () => {
    const updated = withAdminRows(document, [row("postgres", "1,000,000", "new"), row("pglite", "1,000,000", "new")]);
    const lines = updated.split("\n").filter((line) => /^\| (postgres|pglite) \|/.test(line));
    expect(lines).toEqual([
      row("postgres", "10,000", "old"),
      row("postgres", "1,000,000", "new"),
      row("pglite", "100,000", "old"),
      row("pglite", "1,000,000", "new"),
    ]);
    expect(updated.startsWith("# Benchmarks\n\n<!-- bench:admin start -->\n")).toBe(true);
    expect(updated.endsWith("<!-- bench:admin end -->\n\nNotes stay.")).toBe(true);
    expect(updated.match(/bench:admin start/g)).toHaveLength(1);
    // A second identical run changes nothing.
    expect(withAdminRows(updated, [row("postgres", "1,000,000", "new")])).toBe(updated);
  });

  it("appends one section with markers when the document has none", () => {
    const updated = withAdminRows("# Benchmarks\n", [row("pglite", "10,000", "new")]);
    expect(updated).toContain("<!-- bench:admin start -->");
    expect(updated).toContain(row("pglite", "10,000", "new"));
  });

  it("keeps the selection's rows in their own marked table, leaving the lists table as it was", () => {
    const withSelection = withPipelineRows(document, [row("postgres", "1,000,000", "selection")]);
    expect(withSelection).toContain("<!-- bench:admin pipeline start -->");
    expect(withSelection.slice(0, withSelection.indexOf("Notes stay."))).toBe(document.slice(0, document.indexOf("Notes stay.")));
    const again = withPipelineRows(withSelection, [row("postgres", "1,000,000", "again"), row("pglite", "10,000", "new")]);
    const start = again.indexOf("<!-- bench:admin pipeline start -->");
    const selection = again.slice(start).split("\n").filter((line) => /^\| (postgres|pglite) \|/.test(line));
    expect(selection).toEqual([row("postgres", "1,000,000", "again"), row("pglite", "10,000", "new")]);
    expect(withAdminRows(again, [row("pglite", "100,000", "lists")])).toContain(row("pglite", "10,000", "new"));
    expect(again.match(/bench:admin pipeline start/g)).toHaveLength(1);
  });
});
