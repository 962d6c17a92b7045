/**
 * Durable commits for the embedded database (ADR 0035). PGlite runs PostgreSQL in WebAssembly over
 * Emscripten's NODEFS: every write reaches the data directory as a plain `pwrite`, but PostgreSQL's own
 * `fsync`/`fdatasync` calls end in Emscripten's no-op syscalls, so a committed row sits in the page cache
 * until the kernel writes it back. This module makes the app keep PostgreSQL's promise around PGlite:
 *
 * - the filesystem records which host files PostgreSQL wrote and which directories it changed
 *   (a file created, renamed or removed);
 * - every call on the client that wrote WAL resolves only after `fdatasync` of each WAL segment written
 *   and `fsync` of each directory changed (`wrapDurableClient`), with group commit: one sync covers every
 *   write made before it began, and commits that finish while a sync runs share the next one;
 * - as in PostgreSQL, a data page with content is written only after the WAL before it is synced, and
 *   before PostgreSQL rewrites `global/pg_control` (a checkpoint) or removes or renames a WAL segment,
 *   every file written so far is synced at once, so a checkpoint never drops WAL that the data files on
 *   disk still need. Relation data and the commit log are otherwise left to the checkpoint, as PostgreSQL
 *   leaves them.
 */
import { fsyncSync, openSync, closeSync, constants as fsConstants } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { keepModesPrivate } from "./private-modes";

type EmscriptenNode = { parent: EmscriptenNode; name: string; mount: { opts: { root: string } } };
type EmscriptenStream = { node: EmscriptenNode };
interface NodeFsOps {
  realPath(node: EmscriptenNode): string;
  stream_ops: { write: (stream: EmscriptenStream, ...rest: unknown[]) => number };
  node_ops: Record<string, (...args: never[]) => unknown>;
}

/** Syncs allowed to overlap (see `WriteJournal.durable`). */
const MAX_SYNCS_IN_FLIGHT = 4;

/** Thrown when the disk refuses a sync: the commit may not be durable, so it is not acknowledged. */
export class DurabilityError extends Error {
  constructor(
    message: string,
    public readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DurabilityError";
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

async function syncPath(target: string, kind: "file" | "dir"): Promise<void> {
  let handle;
  try {
    handle = await open(target, fsConstants.O_RDONLY);
  } catch (error) {
    // Removed since it was written (a recycled segment, a dropped relation): nothing left to sync; its
    // directory is in the set of changed directories.
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  try {
    if (kind === "file") await handle.datasync();
    else await handle.sync();
  } finally {
    await handle.close();
  }
}

function syncPathNow(target: string): void {
  let fd: number;
  try {
    fd = openSync(target, fsConstants.O_RDONLY);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The written-files journal and its group commit. WAL segments and changed directories are what a commit
 * needs on disk before it is acknowledged; other files (relation data, the commit log) are rebuilt from the
 * WAL by recovery, so, as PostgreSQL does, they are synced before a checkpoint relies on them.
 */
export class WriteJournal {
  #seq = 0;
  #syncedSeq = 0;
  #wal = new Set<string>();
  #dirs = new Set<string>();
  #deferred = new Set<string>();
  #latest: { upTo: number; done: Promise<void> } | undefined;
  #inFlight = 0;
  /** Group syncs done (for tests). */
  syncs = 0;

  /** A write to a WAL segment: the next acknowledgement waits for its sync. */
  noteWal(file: string): void {
    this.#seq++;
    this.#wal.add(file);
  }

  /** A directory entry created, renamed or removed. */
  noteDir(dir: string): void {
    this.#seq++;
    this.#dirs.add(dir);
  }

  /** Any other file: synced before the next checkpoint (`syncAllNow`). */
  noteDeferred(file: string): void {
    this.#deferred.add(file);
  }

  /** A counter that moves with every write an acknowledgement waits for. */
  get seq(): number {
    return this.#seq;
  }

  /**
   * Resolves once every WAL write and directory change recorded before the call is on stable storage.
   * Pipelined group commit: a sync already started after the caller's writes serves it; otherwise a new
   * sync starts at once while fewer than `MAX_SYNCS_IN_FLIGHT` run (the disk's flushes overlap instead of
   * queueing behind each other), else the caller waits for the latest and looks again. A sync counts only
   * once every sync started before it has finished too.
   */
  async durable(): Promise<void> {
    const target = this.#seq;
    for (;;) {
      if (this.#syncedSeq >= target) return;
      const latest = this.#latest;
      if (latest && latest.upTo >= target) return latest.done;
      if (this.#inFlight < MAX_SYNCS_IN_FLIGHT) return this.#startSync(latest?.done);
      await latest?.done.catch(() => undefined);
    }
  }
  /**
   * The WAL written so far, synchronously: PostgreSQL's rule that a data page reaches the disk only after
   * the WAL describing it (its own flush is a no-op here).
   */
  syncWalNow(): void {
    for (const file of this.#wal) syncPathNow(file);
    this.#wal.clear();
  }

  /** Everything written so far, synchronously (rare: before a checkpoint relies on it or drops WAL). */
  syncAllNow(): void {
    const upTo = this.#seq;
    this.syncWalNow();
    for (const file of this.#deferred) syncPathNow(file);
    for (const dir of this.#dirs) syncPathNow(dir);
    this.#deferred.clear();
    this.#dirs.clear();
    this.#syncedSeq = Math.max(this.#syncedSeq, upTo);
  }

  #startSync(previous: Promise<void> | undefined): Promise<void> {
    const upTo = this.#seq;
    const files = [...this.#wal];
    const dirs = [...this.#dirs];
    this.#wal.clear();
    this.#dirs.clear();
    this.#inFlight++;
    const done = (async () => {
      try {
        await Promise.all(files.map((file) => syncPath(file, "file")));
        await Promise.all(dirs.map((dir) => syncPath(dir, "dir")));
      } catch (error) {
        for (const file of files) this.#wal.add(file);
        for (const dir of dirs) this.#dirs.add(dir);
        const code = errorCode(error);
        throw new DurabilityError(`The disk refused to sync the database's files (${code ?? "error"})`, code, { cause: error });
      } finally {
        this.#inFlight--;
      }
      await previous;
      this.#syncedSeq = Math.max(this.#syncedSeq, upTo);
      this.syncs++;
    })();
    this.#latest = { upTo, done };
    // A failure is reported to the callers that wait for this sync; nobody else must see it as unhandled.
    done.catch(() => undefined);
    return done;
  }
}

/** True when the bytes about to be written are not all zero (an extension of a relation writes zeros). */
function hasContent(buffer: unknown, offset: unknown, length: unknown): boolean {
  if (!ArrayBuffer.isView(buffer) || typeof offset !== "number" || typeof length !== "number") return true;
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return true;
  return false;
}

const WAL_DIR = `${path.sep}pg_wal`;
/** The parent directory node of mknod, symlink, unlink and rmdir (their first argument). */
const firstArgument = (args: unknown[]) => [args[0] as EmscriptenNode];
const never = () => false;
const CONTROL_FILE = `${path.sep}global${path.sep}pg_control`;

/**
 * PGlite's Node filesystem with a write journal: NODEFS's write and directory operations are wrapped
 * once the Emscripten module exists (its `preRun`).
 */
export class DurableNodeFS extends NodeFS {
  readonly journal = new WriteJournal();

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts = {
      ...result.emscriptenOpts,
      preRun: [
        (mod: unknown) => {
          const nodefs = (mod as { NODEFS: NodeFsOps }).NODEFS;
          keepModesPrivate(nodefs as unknown as Parameters<typeof keepModesPrivate>[0]);
          this.#instrument(nodefs);
        },
        ...preRun,
      ],
    };
    return result;
  }

  #instrument(nodefs: NodeFsOps): void {
    const journal = this.journal;
    const write = nodefs.stream_ops.write;
    nodefs.stream_ops.write = function (stream, ...rest) {
      const file = nodefs.realPath(stream.node);
      const isWal = file.includes(`${WAL_DIR}${path.sep}`);
      if (file.endsWith(CONTROL_FILE)) {
        // A checkpoint rewrites pg_control only after the data files it covers were written: they must be
        // on disk before the new control file can be.
        journal.syncAllNow();
      } else if (!isWal && hasContent(rest[0], rest[1], rest[2])) {
        journal.syncWalNow();
      }
      const written = write.call(this, stream, ...rest);
      if (isWal) journal.noteWal(file);
      else journal.noteDeferred(file);
      return written;
    };
    const dirOf = (parent: EmscriptenNode) => nodefs.realPath(parent);
    const wrapDirOp = (name: string, parentsOf: (args: unknown[]) => EmscriptenNode[], dropsWal: (args: unknown[]) => boolean) => {
      const op = nodefs.node_ops[name];
      if (!op) return;
      nodefs.node_ops[name] = function (this: unknown, ...args: never[]) {
        const parents = parentsOf(args);
        if (dropsWal(args) && parents.some((p) => dirOf(p).endsWith(WAL_DIR))) journal.syncAllNow();
        const result = op.apply(this, args);
        for (const parent of parents) journal.noteDir(dirOf(parent));
        return result;
      };
    };
    wrapDirOp("mknod", firstArgument, never);
    wrapDirOp("symlink", firstArgument, never);
    wrapDirOp("unlink", firstArgument, () => true);
    wrapDirOp("rmdir", firstArgument, never);
    // rename(oldNode, newDir, newName): the old node's directory and the new one.
    // A new segment (zero-filled as `xlogtemp.N`, then renamed into place) drops nothing: its bytes and its
    // directory entry are synced with the first commit written into it. Renaming an existing segment
    // (recycling it at a checkpoint) does drop WAL.
    wrapDirOp(
      "rename",
      (args) => [(args[0] as EmscriptenNode).parent, args[1] as EmscriptenNode],
      (args) => !(args[0] as EmscriptenNode).name.startsWith("xlogtemp"),
    );
  }
}

const DURABLE_METHODS = ["query", "exec", "transaction"] as const;

/**
 * Wraps a call so that, when it wrote anything, it resolves only after those writes are durable (used for
 * the client's own methods below and for the prepared statements of ./pglite-prepared.ts).
 */
export function durableCalls(journal: WriteJournal): <T>(call: () => Promise<T>) => Promise<T> {
  return async (call) => {
    const before = journal.seq;
    const result = await call();
    if (journal.seq !== before) await journal.durable();
    return result;
  };
}

/**
 * Makes each top-level call of the client that wrote anything resolve only after those writes are
 * durable. Statements inside a transaction run on its own handle and wait for nothing; the
 * transaction as a whole waits once, after its COMMIT.
 */
export function wrapDurableClient(client: PGlite, journal: WriteJournal): void {
  const target = client as unknown as Record<(typeof DURABLE_METHODS)[number], (...args: unknown[]) => Promise<unknown>>;
  const durably = durableCalls(journal);
  for (const name of DURABLE_METHODS) {
    const original = target[name].bind(client);
    target[name] = (...args: unknown[]) => durably(() => original(...args));
  }
}
