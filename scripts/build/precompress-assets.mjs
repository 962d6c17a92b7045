// Writes a Brotli copy (`.br`, best quality) beside every script and stylesheet of the browser build,
// served by server/http/precompressed.ts to browsers that accept it. Run by `npm run build` on the new
// build folder's client/assets (scripts/build/build.mjs).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const dir = process.argv[2] ?? "build/client/assets";
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const source = readFileSync(path.join(dir, name));
  const compressed = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  writeFileSync(path.join(dir, `${name}.br`), compressed);
  before += source.length;
  after += compressed.length;
}
console.log(`precompressed ${dir}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (Brotli)`);
