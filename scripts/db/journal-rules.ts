/**
 * The rules a migration journal (`drizzle/meta/_journal.json`) must keep so that no migration is ever skipped
 * or clashes with another (ADR 0078). Pure: `npm run db:check` gathers the facts, the unit test feeds them.
 */
import type { JournalEntry } from "../../server/db/migrations";

export interface JournalFacts {
  entries: JournalEntry[];
  /** Names of the folder's `.sql` files, without the extension. */
  sqlFiles: string[];
  /** Names of the files in `meta/` (`0011_snapshot.json`, `_journal.json`, …). */
  metaFiles: string[];
  /** Each tag's SHA-256 of its SQL text. */
  hashes: Map<string, string>;
  /** Now, in milliseconds since the epoch. */
  now: number;
}

const NUMBERED_TAG = /^(\d{4})_[a-z0-9_]+$/;

export function journalProblems(facts: JournalFacts): string[] {
  const problems: string[] = [];
  const { entries } = facts;
  const seenTags = new Set<string>();
  const seenNumbers = new Map<string, string>();
  const seenHashes = new Map<string, string>();
  entries.forEach((entry, position) => {
    const previous = entries[position - 1];
    if (seenTags.has(entry.tag)) problems.push(`tag ${entry.tag} appears twice in the journal`);
    seenTags.add(entry.tag);
    const numbered = NUMBERED_TAG.exec(entry.tag);
    if (!numbered) {
      problems.push(`tag ${entry.tag} does not start with a four-digit number and a lower-case name`);
    } else {
      const number = numbered[1]!;
      const clash = seenNumbers.get(number);
      if (clash) problems.push(`tags ${clash} and ${entry.tag} share the number ${number}`);
      seenNumbers.set(number, entry.tag);
      if (Number(number) !== entry.idx) {
        problems.push(
          `tag ${entry.tag} has idx ${entry.idx}: the idx must equal the tag's number, or drizzle-kit numbers the next migration into a clash`,
        );
      }
    }
    if (previous && entry.idx <= previous.idx) problems.push(`idx of ${entry.tag} (${entry.idx}) does not increase`);
    if (previous && entry.when <= previous.when) {
      problems.push(
        `stamp of ${entry.tag} (${new Date(entry.when).toISOString()}) is not later than that of ${previous.tag} ` +
          `(${new Date(previous.when).toISOString()}): the migrator would skip it on a database that has the earlier one`,
      );
    }
    if (entry.when > facts.now) {
      problems.push(
        `stamp of ${entry.tag} (${new Date(entry.when).toISOString()}) lies in the future: a migration generated before then would be skipped`,
      );
    }
    if (!facts.sqlFiles.includes(entry.tag)) problems.push(`${entry.tag}.sql is missing`);
    const hash = facts.hashes.get(entry.tag);
    if (hash) {
      const twin = seenHashes.get(hash);
      if (twin) problems.push(`${twin} and ${entry.tag} hold the same SQL`);
      seenHashes.set(hash, entry.tag);
    }
  });
  for (const file of facts.sqlFiles) {
    if (!seenTags.has(file)) problems.push(`${file}.sql is not in the journal: it would never be applied`);
  }
  const last = entries.at(-1);
  if (last) {
    const snapshot = `${String(last.idx).padStart(4, "0")}_snapshot.json`;
    if (!facts.metaFiles.includes(snapshot)) {
      problems.push(`meta/${snapshot} is missing: the last migration needs the snapshot drizzle-kit compares the schema with`);
    }
  }
  return problems;
}
