import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { foldServerScripts, oneByteSource } from "./one-byte-sources.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the server's scripts kept one byte a character (ADR 0116)", () => {
  it("writes every character that is not ASCII as an escape, and the script means what it meant", () => {
    const source = [
      "// a comment — with “quotes” and café",
      "const ñandú = `Cargando… ${'•'.repeat(3)}`;",
      "const dash = /[–—]/u.test('a – b');",
      "const astral = '🥚'.length;",
      "result = { text: ñandú, dash, astral, quote: \"it’s\", latin: 'señora' };",
    ].join("\n");
    const folded = oneByteSource(source);
    expect([...folded].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
    expect(folded).toContain("caf\\u00e9");
    const before: { result?: unknown } = {};
    const after: { result?: unknown } = {};
    runInNewContext(source, before);
    runInNewContext(folded, after);
    expect(after.result).toEqual(before.result);
    expect(after.result).toEqual({ text: "Cargando… •••", dash: true, astral: 2, quote: "it’s", latin: "señora" });
  });

  it("refuses a backslash right before such a character rather than change what it means", () => {
    expect(() => oneByteSource("const a = '\\—';")).toThrow(/backslash before/);
  });

  it("rewrites the server bundle and the page build in a build folder, and leaves the browser's files alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ovella-one-byte-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "server", "assets"), { recursive: true });
    mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
    writeFileSync(path.join(dir, "server.js"), "// dash —\nexport const a = 1;\n");
    writeFileSync(path.join(dir, "chunk-A.js"), "export const b = 2;\n");
    writeFileSync(path.join(dir, "chunk-B.js"), "// ¥ and ñ\nexport const f = 'señora';\n");
    writeFileSync(path.join(dir, "server", "index.js"), "export const c = '“x”';\n");
    writeFileSync(path.join(dir, "server", "assets", "page-1.js"), "export const d = '…';\n");
    writeFileSync(path.join(dir, "client", "assets", "entry.js"), "export const e = '…';\n");
    expect(foldServerScripts(dir)).toBe(4);
    expect(readFileSync(path.join(dir, "chunk-B.js"), "utf8")).toBe("// \\u00a5 and \\u00f1\nexport const f = 'se\\u00f1ora';\n");
    expect(readFileSync(path.join(dir, "chunk-A.js"), "utf8")).toBe("export const b = 2;\n");
    expect(readFileSync(path.join(dir, "server.js"), "utf8")).toBe("// dash \\u2014\nexport const a = 1;\n");
    expect(readFileSync(path.join(dir, "server", "index.js"), "utf8")).toBe("export const c = '\\u201cx\\u201d';\n");
    expect(readFileSync(path.join(dir, "server", "assets", "page-1.js"), "utf8")).toBe("export const d = '\\u2026';\n");
    expect(readFileSync(path.join(dir, "client", "assets", "entry.js"), "utf8")).toBe("export const e = '…';\n");
  });
});
