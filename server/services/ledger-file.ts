/**
 * An append-only ledger file of JSON lines (ADR 0064, 0106, 0107): the erasure ledger and the revocation ledger
 * are both kept this way, beside the database and beside the backups. A line is appended and fsynced (and a new
 * file's directory entry) before the act it records is answered; copies are only ever appended to, never
 * rewritten, so no copy loses a line; a line cut short by a crash is skipped on reading.
 */
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";

export interface LedgerCodec<T extends { at: Date }> {
  /** The entry's line (without the newline): equal entries, equal lines. */
  line(entry: T): string;
  /** The entry a parsed line holds, or null for a line of another kind or a damaged one. */
  parse(value: unknown): T | null;
}

export function ledgerOfKind<T extends { at: Date }>(codec: LedgerCodec<T>) {
  async function read(file: string): Promise<T[]> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const entries: T[] = [];
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const entry = codec.parse(JSON.parse(line));
        if (entry) entries.push(entry);
      } catch {
        // A torn last line: the act it would record was never answered.
      }
    }
    return entries;
  }

  async function append(file: string, entries: T[]): Promise<void> {
    const text = entries.map((entry) => `${codec.line(entry)}\n`).join("");
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, "a", 0o600);
    let created: boolean;
    try {
      created = (await handle.stat()).size === 0;
      await handle.appendFile(text, "utf8");
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (created) {
      const dir = await open(path.dirname(file), "r");
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    }
  }

  return {
    read,
    append,
    /** Every entry of the given lists once, oldest first (the same entry read from two copies counts once). */
    merge(...lists: T[][]): T[] {
      const byLine = new Map<string, T>();
      for (const entry of lists.flat()) byLine.set(codec.line(entry), entry);
      return [...byLine.entries()].toSorted(([la, a], [lb, b]) => a.at.getTime() - b.at.getTime() || la.localeCompare(lb)).map(([, entry]) => entry);
    },
    /** The entries `file` does not hold yet, appended to it; returns how many. */
    async appendMissing(file: string, entries: T[]): Promise<number> {
      const held = new Set((await read(file)).map((entry) => codec.line(entry)));
      const missing = entries.filter((entry) => !held.has(codec.line(entry)));
      if (missing.length > 0) await append(file, missing);
      return missing.length;
    },
  };
}
