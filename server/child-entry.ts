/**
 * Where a child process's entry lives (the initdb child, ADR 0105; the courier, ADR 0066): the module beside its
 * caller, its TypeScript source run under tsx, or the bundled file of a build (the build bundles each entry beside the
 * server's). `flags` are the child's own Node flags, after tsx's.
 */
import { fileURLToPath } from "node:url";

export function childEntry(name: string, callerUrl: string, flags: readonly string[] = []): { file: string; execArgv: string[] } {
  const fromSource = callerUrl.endsWith(".ts");
  const file = fileURLToPath(new URL(`./${name}.${fromSource ? "ts" : "js"}`, callerUrl));
  return { file, execArgv: [...(fromSource ? ["--import", "tsx"] : []), ...flags] };
}
