/**
 * PGlite's files private whatever the process umask (ADR 0058). Emscripten's NODEFS creates files with
 * the mode PostgreSQL asks for and then sets it again with `chmod` (0666 for a new relation or WAL file),
 * which the umask does not filter. Its create and mode-change operations are wrapped so the host file
 * never gets group or other bits: files stay 0600, directories 0700.
 */
type Attr = { mode?: number };
interface ModeOps {
  node_ops: Record<string, (...args: never[]) => unknown>;
  stream_ops: Record<string, (...args: never[]) => unknown>;
}

/** Group and other permission bits. */
const SHARED_BITS = 0o077;

export const ownerOnly = (mode: number): number => mode & ~SHARED_BITS;

/** Wraps NODEFS (the module PGlite mounts its data directory with) so nothing it writes is shared. */
export function keepModesPrivate(nodefs: ModeOps): void {
  const mknod = nodefs.node_ops.mknod;
  if (mknod) {
    nodefs.node_ops.mknod = function (this: unknown, ...args: never[]) {
      const [parent, name, mode, dev] = args as unknown as [unknown, string, number, number];
      return (mknod as (...a: unknown[]) => unknown).call(this, parent, name, ownerOnly(mode), dev);
    };
  }
  for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
    const setattr = ops.setattr;
    if (!setattr) continue;
    ops.setattr = function (this: unknown, ...args: never[]) {
      const [target, attr] = args as unknown as [unknown, Attr];
      const safe = attr && typeof attr.mode === "number" ? { ...attr, mode: ownerOnly(attr.mode) } : attr;
      return (setattr as (...a: unknown[]) => unknown).call(this, target, safe);
    };
  }
}
