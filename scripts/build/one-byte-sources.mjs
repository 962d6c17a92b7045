// The server's scripts kept one byte a character in memory (ADR 0116). V8 keeps a script's source for as long as
// the script lives, and keeps it at two bytes a character when the file holds a character above U+00FF (a dash
// or a curly quote in a comment or a page's text), or, in a file over about 1 MB, any character that is not
// ASCII (Node's UTF-8 decoding of a large file). This step writes each character that is not ASCII in the
// server's scripts as a `\uXXXX` escape: the same string in a string literal, template or regular expression,
// an equal name in an identifier, and only text in a comment. esbuild already escapes what is not ASCII outside
// comments (charset "ascii"); the page build keeps its typographic quotes and accents in its strings.
//   node scripts/build/one-byte-sources.mjs BUILD_DIR
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The text with every UTF-16 unit that is not ASCII written as a `\uXXXX` escape. A backslash right before such a
 * character (an identity escape) would turn the new escape into text, so that is refused, not written.
 */
export function oneByteSource(text) {
  const escaped = /\\[\u0080-\uffff]/.exec(text);
  if (escaped) throw new Error(`a backslash before ${JSON.stringify(escaped[0])} at offset ${escaped.index}: write the character as an escape in the source`);
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The server's scripts in a build folder: its top-level .js files (the server bundle) and the page build's. */
export function serverScripts(buildDir) {
  const top = readdirSync(buildDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(buildDir, entry.name));
  const pages = readdirSync(path.join(buildDir, "server"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [...top, ...pages];
}

/** Rewrites the build's server scripts in place; resolves with how many changed. */
export function foldServerScripts(buildDir) {
  let changed = 0;
  for (const file of serverScripts(buildDir)) {
    const text = readFileSync(file, "utf8");
    const folded = oneByteSource(text);
    if (folded === text) continue;
    writeFileSync(file, folded);
    changed += 1;
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: one-byte-sources.mjs BUILD_DIR");
  foldServerScripts(dir);
}
