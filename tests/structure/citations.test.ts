/**
 * Every decision and every product rule the repository cites exists: an ADR named in code or docs
 * ("ADR 0059", "ADR 0063, 0064", "ADRs 0010 and 0011", "ADR 0059–0061", or a path under docs/decisions/)
 * is a file of docs/decisions/, and a section of docs/requirements.md cited as "docs/requirements.md §4",
 * "requirements §2, §9", "the specification §7" or "§1–§9" right after such a name is one of its headings.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./import-graph";

const TEXT = /\.(ts|tsx|mts|mjs|js|md|css|sql|json|ya?ml|sh|html)$/;
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => (TEXT.test(file) || file === ".ci/run") && !file.startsWith("node_modules/") && file !== "package-lock.json")
  // This file's examples are not citations.
  .filter((file) => file !== "tests/structure/citations.test.ts")
  .filter((file) => existsSync(path.join(ROOT, file)));

const decisions = readdirSync(path.join(ROOT, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));
const decisionNumbers = new Set(decisions.map((name) => name.slice(0, 4)));
const requirementSections = new Set(
  [...readFileSync(path.join(ROOT, "docs/requirements.md"), "utf8").matchAll(/^#{2,4} §(\d+(?:\.\d+)*)\b/gm)].map((m) => m[1]),
);

/** The numbers a list names, ranges spelled out: "0059–0061" → 0059, 0060, 0061. */
function expand(list: string, pattern: RegExp, width: number): string[] {
  const out: string[] = [];
  const items = list.split(/\s*(?:,|\band\b|\bor\b)\s*/);
  for (const item of items) {
    const numbers = [...item.matchAll(pattern)].map((m) => m[1] ?? "");
    const [first, last] = numbers;
    if (first === undefined) continue;
    if (last !== undefined && /[–—-]|\bto\b/.test(item) && !first.includes(".") && !last.includes(".")) {
      for (let n = Number(first); n <= Number(last); n++) out.push(String(n).padStart(width, "0"));
    } else out.push(...numbers);
  }
  return out;
}

export interface Citation {
  file: string;
  line: number;
  cited: string;
}

/** ADR numbers cited in a text: "ADR 0059", "ADRs 0063, 0064 and 0065", "ADR 0059–0061", "docs/decisions/0077-….md". */
export function adrCitations(text: string): { line: number; number: string; path?: string }[] {
  const found: { line: number; number: string; path?: string }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  const list = /\bADRs?[ \u00a0]+(\d{4}(?:\s*(?:,|\band\b|\bor\b|–|—|-|\bto\b)\s*\d{4}\b)*)/g;
  for (const m of text.matchAll(list)) {
    for (const number of expand(m[1] ?? "", /(\d{4})/g, 4)) found.push({ line: lineOf(m.index), number });
  }
  for (const m of text.matchAll(/docs\/decisions\/(\d{4})-[a-z0-9-]+\.md/g)) {
    found.push({ line: lineOf(m.index), number: m[1] ?? "", path: m[0] });
  }
  return found;
}

/** Requirements sections cited in a text: after "requirements(.md)", "the specification" or "the spec". */
export function requirementCitations(text: string): { line: number; section: string }[] {
  const found: { line: number; section: string }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  // A name of the document, then a list of sections whose items may carry a short parenthesis:
  // "docs/requirements.md §4 (sign-in, sessions), §5 (passwords), §6".
  const section = String.raw`§\s?\d+(?:\.\d+)*(?:\s*\([^()\n]{0,60}\))?`;
  const cite = new RegExp(
    String.raw`\b(?:requirements(?:\.md)?|the specification|the spec)\b[\`'"]?\)?[ \u00a0]*\(?(${section}(?:\s*(?:,|\band\b|\bor\b|–|—|-)\s*${section})*)`,
    "g",
  );
  for (const m of text.matchAll(cite)) {
    const list = (m[1] ?? "").replace(/\([^()\n]*\)/g, "");
    for (const number of expand(list, /§\s?(\d+(?:\.\d+)*)/g, 0)) found.push({ line: lineOf(m.index), section: number });
  }
  return found;
}

function missing(): { adrs: Citation[]; sections: Citation[] } {
  const adrs: Citation[] = [];
  const sections: Citation[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const c of adrCitations(text)) {
      const exists = c.path ? existsSync(path.join(ROOT, c.path)) : decisionNumbers.has(c.number);
      if (!exists) adrs.push({ file, line: c.line, cited: c.path ?? `ADR ${c.number}` });
    }
    // The decisions' own links to each other (the index, "superseded by"): `](0010-server-side-admin-lists.md)`.
    if (file.startsWith("docs/decisions/")) {
      for (const m of text.matchAll(/\]\((?:\.\/)?(\d{4}-[a-z0-9-]+\.md)(?:#[^)]*)?\)/g)) {
        if (!decisions.includes(m[1] ?? "")) adrs.push({ file, line: text.slice(0, m.index).split("\n").length, cited: m[1] ?? "" });
      }
    }
    for (const c of requirementCitations(text)) {
      if (!requirementSections.has(c.section)) sections.push({ file, line: c.line, cited: `§${c.section}` });
    }
  }
  return { adrs, sections };
}

describe("citations", () => {
  it("reads the citation forms the repository uses", () => {
    const adrs = adrCitations("see ADR 0063, 0064; ADRs 0010 and 0011; ADR 0059–0061; docs/decisions/0077-named-statements-on-pglite.md");
    expect(adrs.map((c) => c.number)).toEqual(["0063", "0064", "0010", "0011", "0059", "0060", "0061", "0077"]);
    const sections = requirementCitations(
      "docs/requirements.md §4 (sign-in, sessions), §5 (passwords), §6 (roles). `docs/requirements.md` §2, §9; the specification §7.2; §1–§3",
    );
    expect(sections.map((c) => c.section)).toEqual(["4", "5", "6", "2", "9", "7.2"]);
    expect(requirementCitations("docs/requirements.md §1–§3").map((c) => c.section)).toEqual(["1", "2", "3"]);
    // Other documents' sections are not ours.
    expect(requirementCitations("CCPA regulations §7021 allow 45")).toEqual([]);
  });

  it("scans the repository's text", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(decisionNumbers.size).toBeGreaterThan(60);
    expect(requirementSections).toContain("4");
  });

  it("every ADR cited in code or docs exists in docs/decisions/", () => {
    expect(missing().adrs).toEqual([]);
  });

  it("every section of docs/requirements.md cited exists there", () => {
    expect(missing().sections).toEqual([]);
  });
});
