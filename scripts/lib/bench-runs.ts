/**
 * Dated benchmark runs (ADR 0085): each run of a benchmark writes a file of its own,
 * `docs/benchmarks/runs/<date>-<what>.md`, and adds one link line to the benchmark's list on
 * `docs/benchmarks.md` (below its `<!-- runs:<what> -->` marker), whose current figures are edited by hand.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const RUNS_DIR = path.join("docs", "benchmarks", "runs");
export const SUMMARY = path.join("docs", "benchmarks.md");

/** `2026-11-27` and `0906` (UTC) of a moment. */
function stamp(when: Date): { day: string; time: string } {
  const iso = when.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16).replace(":", "") };
}

/** A label as a file-name part: `after the field catalogue` → `after-the-field-catalogue`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export interface RunFileOptions {
  /** The repository's root (the run files and the summary are found from it). */
  root: string;
  when?: Date;
  /**
   * "same day": a run of the same day writes into the same file (the benchmarks that merge their rows
   * by engine, size or route); "new": a second run of the day gets a file of its own, suffixed with its time.
   */
  reuse?: "same day" | "new";
  /** Whether a file exists (tests pass their own). */
  exists?: (file: string) => boolean;
}

/** The run file a benchmark writes, relative to the root: `docs/benchmarks/runs/2026-11-27-api.md`. */
export function runFile(what: string, { root, when = new Date(), reuse = "new", exists = existsSync }: RunFileOptions): string {
  const { day, time } = stamp(when);
  const first = path.join(RUNS_DIR, `${day}-${what}.md`);
  if (reuse === "same day" || !exists(path.join(root, first))) return first;
  return path.join(RUNS_DIR, `${day}-${what}-${time}.md`);
}

/**
 * The summary with one more link under `<!-- runs:<what> -->` (newest first). Unchanged when the run
 * is listed already, or when the summary has no such marker.
 */
export function withRunListed(summary: string, what: string, file: string, title: string): string {
  const marker = `<!-- runs:${what} -->`;
  const at = summary.indexOf(marker);
  const href = path.posix.relative("docs", file.split(path.sep).join("/"));
  if (at < 0 || summary.includes(`](${href})`)) return summary;
  const after = at + marker.length;
  return `${summary.slice(0, after)}\n- [${title}](${href})${summary.slice(after)}`;
}

/** Writes a run's Markdown to its file and lists it on the summary; returns the file. */
export function writeRun(what: string, title: string, markdown: string, options: RunFileOptions): string {
  const file = runFile(what, options);
  const full = path.join(options.root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  listRun(what, file, title, options.root);
  return file;
}

/** Adds the run's link to the summary (`docs/benchmarks.md`). */
export function listRun(what: string, file: string, title: string, root: string): void {
  const summary = path.join(root, SUMMARY);
  if (!existsSync(summary)) return;
  const text = readFileSync(summary, "utf8");
  const next = withRunListed(text, what, file, title);
  if (next !== text) writeFileSync(summary, next);
}

/** The first lines of a run file: its title and where the current figures are. */
export function runHeader(title: string): string {
  return `# ${title}\n\nOne dated run, as measured; the current figures of every benchmark are in [docs/benchmarks.md](../../benchmarks.md).\n`;
}
