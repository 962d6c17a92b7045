/** Hashed build assets: cached for a year, compressed, without the page-level policy headers. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Express } from "express";
import { composeRoot } from "../../server/root";
import { readEnv } from "../../server/config/env";
import { createLogger } from "../../server/logger";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";

const script = `console.log(${JSON.stringify("y".repeat(4000))});`;

describe.each(TEST_ENGINES)("static assets on %s", (engine) => {
  let clientDir: string;
  let database: TestDatabase;
  let app: Express;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "ovella-assets-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "assets", "page-AbC123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
    writeFileSync(path.join(clientDir, "assets", "entry-XyZ789.js"), script);
    writeFileSync(path.join(clientDir, "assets", "entry-XyZ789.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    database = await createTestDatabase(engine);
    const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    ({ app } = await composeRoot({ env, database, logger: createLogger("silent"), clientDir }));
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves hashed files immutable for a year, compressed, with nosniff and no CSP", async () => {
    const res = await request(app).get("/assets/page-AbC123.js").set("Accept-Encoding", "gzip");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBeUndefined();
    expect(res.headers["permissions-policy"]).toBeUndefined();
  });

  it("sends the build's Brotli copy to browsers that accept it, and compresses otherwise", async () => {
    const br = await request(app)
      .get("/assets/entry-XyZ789.js")
      .set("Accept-Encoding", "gzip, deflate, br, zstd")
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["content-security-policy"]).toBeUndefined();
    // The client may already have decoded it; either way the script arrives whole.
    const body = br.body as Buffer;
    const text = body.includes("yyyy") ? body.toString() : brotliDecompressSync(body).toString();
    expect(text).toBe(script);

    const gzip = await request(app).get("/assets/entry-XyZ789.js").set("Accept-Encoding", "gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.text).toContain("yyyy");
    const none = await request(app).get("/assets/../../favicon.svg.br").set("Accept-Encoding", "br");
    expect(none.status).not.toBe(200);
  });

  it("keeps the full policy on other public files and on unknown asset paths", async () => {
    const svg = await request(app).get("/favicon.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    const missing = await request(app).get("/assets/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["permissions-policy"]).toContain("camera=()");
  });
});
