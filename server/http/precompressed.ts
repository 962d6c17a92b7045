/**
 * Hashed build assets compressed once at build time with Brotli's best setting (`*.br` beside each
 * script and stylesheet, written by scripts/build/precompress-assets.mjs): a visitor's browser gets the
 * smaller file without the server compressing on every request. Any other answer (no `br` in
 * Accept-Encoding, no `.br` file) falls through to express.static and on-the-fly compression.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== "br") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function precompressedAssets(assetsDir: string): RequestHandler {
  const root = path.resolve(assetsDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    res.vary("Accept-Encoding");
    if (!acceptsBrotli(req.headers["accept-encoding"])) return next();
    const file = path.resolve(root, `.${path.posix.normalize(req.path)}.br`);
    if (!file.startsWith(root + path.sep)) return next();
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return next();
      size = stat.size;
    } catch {
      return next();
    }
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Length", String(size));
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    if (req.method === "HEAD") return res.end();
    res.sendFile(file, { headers: {}, cacheControl: false, lastModified: true, etag: true }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
