/**
 * The repository's import graph: every import, re-export, `import type` and dynamic `import()` of the
 * source files under app/, core/, server/, scripts/ and testing/ (tests aside), resolved to repository paths.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "core", "server", "scripts", "testing"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const ALIASES: [string, string][] = [
  ["~/", "app/"],
  ["#core/", "core/"],
];

function isSource(file: string): boolean {
  return EXTENSIONS.some((e) => file.endsWith(e)) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts");
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (isSource(name)) out.push(path.relative(ROOT, full).split(path.sep).join("/"));
  }
}

export function sourceFiles(): string[] {
  const out: string[] = [];
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir), out);
  return out.toSorted();
}

/** The repository file an import names, or null for a package (or a generated React Router type). */
export function resolveImport(from: string, raw: string): string | null {
  // Vite's `?url`, `?worker&url` and the like still name a module of the repository.
  const specifier = raw.replace(/\?.*$/, "");
  let base: string | null = null;
  if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  for (const [alias, target] of ALIASES) if (specifier.startsWith(alias)) base = target + specifier.slice(alias.length);
  if (base === null) return null;
  const stripped = base.replace(/\.(js|mjs)$/, "");
  const candidates = [base, ...EXTENSIONS.map((e) => stripped + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  for (const candidate of candidates) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Every specifier a file imports: static, type-only, re-exports and dynamic import() calls. */
export function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const plugins: ("typescript" | "jsx")[] = file.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"];
  const ast = parse(text, { sourceType: "module", plugins, errorRecovery: false });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const n = node as { type?: string; source?: { value?: unknown }; callee?: { type?: string }; arguments?: unknown[] };
    if ((n.type === "ImportDeclaration" || n.type === "ExportNamedDeclaration" || n.type === "ExportAllDeclaration") && typeof n.source?.value === "string") {
      found.push(n.source.value);
    } else if (n.type === "CallExpression" && n.callee?.type === "Import") {
      const [first] = n.arguments ?? [];
      const arg = first as { type?: string; value?: unknown; quasis?: { value: { cooked: string } }[] } | undefined;
      if (arg?.type === "StringLiteral" && typeof arg.value === "string") found.push(arg.value);
    } else if (n.type === "ImportExpression") {
      const arg = (n as { source?: { type?: string; value?: unknown } }).source;
      if (arg?.type === "StringLiteral" && typeof arg.value === "string") found.push(arg.value);
    } else if (n.type === "TSImportType") {
      const arg = (n as { argument?: { value?: unknown; literal?: { value?: unknown } } }).argument;
      const value = arg?.literal?.value ?? arg?.value;
      if (typeof value === "string") found.push(value);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "loc" && key !== "start" && key !== "end" && value && typeof value === "object") visit(value);
    }
  };
  visit(ast.program);
  return found;
}

export type ImportGraph = Map<string, string[]>;

export function importGraph(): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles()) {
    const targets = new Set<string>();
    for (const specifier of importsOf(file)) {
      const target = resolveImport(file, specifier);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].toSorted());
  }
  return graph;
}

/** The graph's strongly connected components of more than one file (Tarjan): each is an import circle. */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    lowlink.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.toSorted());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}

/** The sub-folder of `parent` ("" for the root) that holds `file`; null for the parent's own files and files elsewhere. */
function childOf(file: string, parent: string): string | null {
  const prefix = parent === "" ? "" : `${parent}/`;
  if (!file.startsWith(prefix)) return null;
  const rest = file.slice(prefix.length).split("/");
  return rest.length > 1 ? prefix + rest[0] : null;
}

/**
 * Folder loops: for each folder, its sub-folders (each with everything inside it) as the nodes, and an edge
 * where a file of one imports a file of another; a circle among them is a loop. The parent's own files are
 * not a node (a folder's index.ts or a shared module beside the sub-folders may be imported by them and
 * import them). Each loop is listed with the imports that make it.
 */
export function folderLoops(graph: ImportGraph): { parent: string; folders: string[]; imports: string[] }[] {
  const parents = new Set<string>([""]);
  for (const file of graph.keys()) {
    const parts = file.split("/");
    for (let i = 1; i < parts.length; i++) parents.add(parts.slice(0, i).join("/"));
  }
  const loops: { parent: string; folders: string[]; imports: string[] }[] = [];
  for (const parent of [...parents].toSorted()) {
    const folders: ImportGraph = new Map();
    const imports: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const a = childOf(from, parent);
        const b = childOf(to, parent);
        if (!a || !b || a === b) continue;
        folders.set(a, [...new Set([...(folders.get(a) ?? []), b])]);
        imports.push(`${from} -> ${to}`);
      }
    }
    for (const loop of cycles(folders)) {
      const inLoop = (file: string) => loop.some((folder) => file.startsWith(`${folder}/`));
      loops.push({ parent: parent || ".", folders: loop, imports: imports.filter((edge) => edge.split(" -> ").every(inLoop)) });
    }
  }
  return loops;
}
