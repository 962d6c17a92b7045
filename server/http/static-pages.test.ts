import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { headersOf, inlineScriptHashes, prerenderedRoutes } from "./static-pages";

const route = (id: string, extra: Record<string, unknown>) => ({ id, module: {}, ...extra });

const csp: RequestHandler = (_req, res, next) => {
  res.setHeader("Content-Security-Policy", `script-src ${(res.locals.cspScriptHashes as string[]).join(" ")}`);
  next();
};
const other: RequestHandler = (_req, res, next) => {
  res.setHeader("X-Frame-Options", "DENY");
  res.removeHeader("X-Gone");
  next();
};
const ends: RequestHandler = () => undefined;

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the text of each inline script, not scripts with a src, and each text once", () => {
    const html = `<head><script>a()</script><script type="module" src="/x.js"></script><script nonce="">b()</script><script>a()</script><script src="/y.js"> </script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });

  it("hashes the exact characters, markup entities and all", () => {
    expect(inlineScriptHashes("<script>x = '\\u003c/script>';</script>")).toEqual([sha("x = '\\u003c/script>';")]);
  });
});

describe("prerenderedRoutes", () => {
  const build = {
    routes: {
      root: route("root", { path: "" }),
      layout: route("layout", { parentId: "root" }),
      home: route("home", { parentId: "layout", index: true, module: { handle: { hydrate: false, islands: true } } }),
      about: route("about", { parentId: "layout", path: "about", module: { handle: { hydrate: false } } }),
      unsubscribe: route("unsubscribe", { parentId: "layout", path: "unsubscribe" }),
      missing: route("missing", { parentId: "layout", path: "*", module: { handle: { hydrate: false } } }),
      spanishAbout: route("es/about", { parentId: "layout", path: "es/about", module: { handle: { hydrate: false } } }),
      spanishMissing: route("es/missing", { parentId: "layout", path: "es/*", module: { handle: { hydrate: false } } }),
      admin: route("admin", { parentId: "root", path: "admin" }),
      record: route("record", { parentId: "admin", path: "applications/:id", module: { handle: { hydrate: false } } }),
    },
  } as unknown as ServerBuild;

  it("takes the routes declared hydrate: false whose path has no parameter, and names each language's catch-all, longest prefix first", () => {
    const { paths, notFound } = prerenderedRoutes(build);
    expect(paths.toSorted()).toEqual(["/", "/about", "/es/about"]);
    expect(notFound).toEqual([
      { id: "es/missing", prefix: "/es/" },
      { id: "missing", prefix: "/" },
    ]);
  });
});

describe("headersOf", () => {
  it("collects what a chain of middleware sets, with the locals it is given", () => {
    expect(headersOf([csp, other], "/", { cspScriptHashes: ["'sha256-abc'"] })).toEqual([
      ["Content-Security-Policy", "script-src 'sha256-abc'"],
      ["X-Frame-Options", "DENY"],
    ]);
  });

  it("refuses a middleware that ends the answer instead of passing it on", () => {
    expect(() => headersOf([ends], "/", {})).toThrow(/did not pass/);
  });
});
