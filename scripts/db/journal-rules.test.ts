import { describe, expect, it } from "vitest";
import type { JournalEntry } from "../../server/db/migrations";
import { type JournalFacts, journalProblems } from "./journal-rules";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const entry = (idx: number, name: string, when: string): JournalEntry => ({
  idx,
  version: "7",
  when: Date.parse(when),
  tag: `${String(idx).padStart(4, "0")}_${name}`,
  breakpoints: true,
});

function facts(entries: JournalEntry[], overrides: Partial<JournalFacts> = {}): JournalFacts {
  return {
    entries,
    sqlFiles: entries.map((e) => e.tag),
    metaFiles: ["_journal.json", `${String(entries.at(-1)!.idx).padStart(4, "0")}_snapshot.json`],
    hashes: new Map(entries.map((e) => [e.tag, `hash-of-${e.tag}`])),
    now: NOW,
    ...overrides,
  };
}

const GOOD = [entry(0, "initial", "2026-11-20T00:00:00Z"), entry(1, "outbox", "2026-11-21T00:00:00Z"), entry(2, "funnel", "2026-11-22T00:00:00Z")];

describe("journal rules", () => {
  it("accept increasing stamps in the past, numbers equal to idx, every file listed and the last snapshot", () => {
    expect(journalProblems(facts(GOOD))).toEqual([]);
  });

  it("refuse a stamp in the future: a migration generated before it would be skipped", () => {
    const future = [...GOOD.slice(0, 2), entry(2, "funnel", "2026-12-05T19:46:40Z")];
    expect(journalProblems(facts(future))).toEqual([expect.stringContaining("0002_funnel (2026-12-05T19:46:40.000Z) lies in the future")]);
  });

  it("refuse stamps that do not increase", () => {
    const late = [GOOD[0]!, entry(1, "outbox", "2026-11-23T00:00:00Z"), entry(2, "funnel", "2026-11-22T00:00:00Z")];
    expect(journalProblems(facts(late))).toEqual([expect.stringContaining("stamp of 0002_funnel")]);
  });

  it("refuse an idx that differs from the tag's number, and two tags with one number", () => {
    const gap = [GOOD[0]!, { ...entry(2, "pipeline", "2026-11-21T00:00:00Z"), idx: 1 }];
    expect(journalProblems(facts(gap, { metaFiles: ["0001_snapshot.json"] }))).toEqual([
      expect.stringContaining("0002_pipeline has idx 1"),
    ]);
    const clash = [...GOOD, { ...entry(2, "other", "2026-11-23T00:00:00Z"), idx: 3 }];
    expect(journalProblems(facts(clash, { metaFiles: ["0003_snapshot.json"] }))).toEqual(
      expect.arrayContaining([expect.stringContaining("share the number 0002")]),
    );
  });

  it("refuse a repeated tag, a missing file, a file outside the journal and two migrations with one text", () => {
    const repeated = [...GOOD, { ...GOOD[2]!, idx: 2, when: Date.parse("2026-11-23T00:00:00Z") }];
    expect(journalProblems(facts(repeated))).toEqual(expect.arrayContaining([expect.stringContaining("0002_funnel appears twice")]));
    expect(journalProblems(facts(GOOD, { sqlFiles: ["0000_initial", "0002_funnel"] }))).toEqual([
      "0001_outbox.sql is missing",
    ]);
    expect(journalProblems(facts(GOOD, { sqlFiles: [...GOOD.map((e) => e.tag), "0003_stray"] }))).toEqual([
      expect.stringContaining("0003_stray.sql is not in the journal"),
    ]);
    const hashes = new Map(GOOD.map((e) => [e.tag, "same"]));
    expect(journalProblems(facts(GOOD, { hashes }))).toHaveLength(2);
  });

  it("refuse a journal whose last migration has no snapshot", () => {
    expect(journalProblems(facts(GOOD, { metaFiles: ["_journal.json", "0001_snapshot.json"] }))).toEqual([
      expect.stringContaining("meta/0002_snapshot.json is missing"),
    ]);
  });
});
