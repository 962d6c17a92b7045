/**
 * The dependency rules of docs/architecture.md ("Dependencies point one way"), checked over every
 * import of every source file, type-only and dynamic imports included.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, folderLoops, importGraph, ROOT } from "./import-graph";

const graph = importGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const under = (file: string, ...prefixes: string[]) => prefixes.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p));
const arrow = ({ from, to }: { from: string; to: string }) => `${from} -> ${to}`;

/** Each rule: the imports it forbids. */
function forbidden(rule: (from: string, to: string) => boolean): string[] {
  return edges.filter(({ from, to }) => rule(from, to)).map(arrow);
}

/** The admin's rooms (docs/architecture.md "The admin's rooms", ADR 0085). */
const ADMIN = "app/admin/";
const adminRoom = (file: string) => file.slice(ADMIN.length).split("/")[0] ?? "";
/** A file's tab under app/admin/tabs/, or null. */
const adminTab = (file: string) => (under(file, `${ADMIN}tabs/`) ? (file.split("/")[3] ?? null) : null);

/**
 * A service folder's public face: an import of a file inside a folder under server/services/ from outside
 * that folder names the folder's index.ts, and a folder inside a folder is reached through its parent's face.
 * Returns the folder whose face an import bypasses, or null.
 */
function bypassedFace(from: string, to: string): string | null {
  const match = /^server\/services\/([^/]+)\//.exec(to);
  if (!match) return null;
  // The outermost folder holding `to` but not `from`: its index.ts is the only way in.
  const parts = to.split("/");
  for (let depth = 3; depth < parts.length; depth++) {
    const folder = `${parts.slice(0, depth).join("/")}/`;
    if (!from.startsWith(folder)) return to === `${folder}index.ts` ? null : folder;
  }
  return null;
}

/** The HTTP route modules: one per resource under /api, mounted by the router (server/http/api.ts). */
const isRouteModule = (file: string) => file.startsWith("server/http/routes/") && file !== "server/http/routes/context.ts";

describe("dependency rules", () => {
  it("reads the whole source tree", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("server/start.ts")).toContain("server/root.ts");
    // A type-only import and a lazy import() both count.
    expect(graph.get("server/deps.ts")).toContain("server/services/index.ts");
    expect(graph.get("app/components/forms/lazy-resolver.ts")).toContain("app/components/forms/schema-resolvers.ts");
  });

  it("has no import circles of any kind", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no folder loop: no two folders beside each other import each other, directly or around a ring", () => {
    expect(folderLoops(graph)).toEqual([]);
  });

  it("another folder of server/services is imported only through its index.ts", () => {
    expect(forbidden((from, to) => bypassedFace(from, to) !== null)).toEqual([]);
    // The rule itself: a file inside another folder is refused, its index.ts and the folder's own files are not.
    expect(bypassedFace("server/root.ts", "server/services/outbox/sender.ts")).toBe("server/services/outbox/");
    expect(bypassedFace("server/root.ts", "server/services/staff/factors/index.ts")).toBe("server/services/staff/");
    expect(bypassedFace("server/services/staff/auth.ts", "server/services/staff/factors/totp.ts")).toBe("server/services/staff/factors/");
    expect(bypassedFace("server/root.ts", "server/services/outbox/index.ts")).toBeNull();
    expect(bypassedFace("server/services/staff/auth.ts", "server/services/staff/factors/index.ts")).toBeNull();
    expect(bypassedFace("server/services/outbox/sender.ts", "server/services/outbox/caps.ts")).toBeNull();
    expect(bypassedFace("server/services/outbox/sender.ts", "server/services/audit.ts")).toBeNull();
  });

  it("core imports nothing of the repository outside core", () => {
    expect(forbidden((from, to) => under(from, "core/") && !under(to, "core/"))).toEqual([]);
  });

  it("app/ never imports server/ (the browser side reaches the server through the API client)", () => {
    expect(forbidden((from, to) => under(from, "app/") && under(to, "server/", "scripts/"))).toEqual([]);
  });

  it("the database layer imports no service, HTTP or shell module", () => {
    expect(forbidden((from, to) => under(from, "server/db/") && under(to, "server/services/", "server/http/", "server/app.ts", "server/root.ts", "server/pages.ts", "server/start.ts"))).toEqual([]);
  });

  it("configuration imports nothing of the server but configuration", () => {
    expect(forbidden((from, to) => under(from, "server/config/") && under(to, "server/") && !under(to, "server/config/"))).toEqual([]);
  });

  it("services never import HTTP, the pages or the process shell", () => {
    expect(forbidden((from, to) => under(from, "server/services/") && under(to, "server/http/", "server/app.ts", "server/root.ts", "server/pages.ts", "server/start.ts", "server/deps.ts"))).toEqual([]);
  });

  it("HTTP reaches the database only through services (it may classify a database failure)", () => {
    expect(forbidden((from, to) => under(from, "server/http/") && under(to, "server/db/") && to !== "server/db/unavailable.ts")).toEqual([]);
  });

  it("HTTP never imports the composition root or the process shell", () => {
    expect(forbidden((from, to) => under(from, "server/http/") && under(to, "server/root.ts", "server/start.ts", "server/app.ts"))).toEqual([]);
  });

  it("nothing imports a route module but the router", () => {
    expect(forbidden((from, to) => isRouteModule(to) && from !== "server/http/api.ts")).toEqual([]);
    expect(forbidden((_from, to) => under(to, "app/routes/"))).toEqual([]);
  });

  it("shared browser code (components, lib, tracking) never imports pages, the admin or the page scripts", () => {
    expect(
      forbidden(
        (from, to) =>
          under(from, "app/components/", "app/lib/", "app/tracking/") &&
          under(to, "app/page-scripts/", "app/routes/", "app/admin/", "app/root.tsx", "app/entry.server.tsx"),
      ),
    ).toEqual([]);
  });

  it("the admin's rooms import one way: shell → record page and tabs → parts", () => {
    // Every file of the admin is in a room; no module sits loose at its top.
    const rooms = new Set(["shell", "parts", "record", "tabs"]);
    expect([...graph.keys()].filter((file) => under(file, ADMIN) && !rooms.has(adminRoom(file)))).toEqual([]);
    // The parts are what the tabs and pages share: they import no page, tab or shell.
    expect(forbidden((from, to) => under(from, `${ADMIN}parts/`) && under(to, ADMIN) && adminRoom(to) !== "parts")).toEqual([]);
    // The record page and each tab use the parts only: no tab imports another tab, the record page or the shell.
    expect(forbidden((from, to) => under(from, `${ADMIN}record/`) && under(to, `${ADMIN}tabs/`, `${ADMIN}shell/`))).toEqual([]);
    expect(
      forbidden((from, to) => adminTab(from) !== null && under(to, ADMIN) && adminRoom(to) !== "parts" && adminTab(to) !== adminTab(from)),
    ).toEqual([]);
    // Outside the admin, only its routes (app/routes/admin/) reach in, and only to the shell.
    expect(forbidden((from, to) => !under(from, ADMIN) && under(to, ADMIN) && !(under(from, "app/routes/admin/") && under(to, `${ADMIN}shell/`)))).toEqual([]);
  });

  it("each folder of app/admin/tabs/ is one tab of the dashboard, named by its ?tab= value", () => {
    const dashboard = readFileSync(path.join(ROOT, ADMIN, "shell/dashboard.tsx"), "utf8");
    const values = [...dashboard.matchAll(/\{ value: "([a-z-]+)", label: /g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(5);
    const folders = readdirSync(path.join(ROOT, ADMIN, "tabs"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.toSorted()).toEqual(values.toSorted());
    // The dashboard takes each tab from its folder.
    const tabsImported = new Set((graph.get(`${ADMIN}shell/dashboard.tsx`) ?? []).map(adminTab).filter((tab) => tab !== null));
    expect([...tabsImported].toSorted()).toEqual(values.toSorted());
  });

  it("scripts never import tests/: what benchmarks and tests share is the harness in testing/", () => {
    expect(forbidden((from, to) => under(from, "scripts/") && under(to, "tests/"))).toEqual([]);
    // The harness sits below both: it imports no test and no tooling.
    expect(forbidden((from, to) => under(from, "testing/") && under(to, "tests/", "scripts/"))).toEqual([]);
    expect(graph.get("scripts/bench/api.ts")).toContain("testing/payloads.ts");
  });

  it("only the composition root (server/root.ts) and the services' own factory construct services", () => {
    const factory = /\bcreate(?:App)?Services\(|\bcreate\w+Service\(|\bcreateAdminLists\(|\bcreateOutbox\(/;
    const builders = [...graph.keys()].filter(
      (file) =>
        under(file, "server/") &&
        !under(file, "server/services/", "server/root.ts", "server/cli/") &&
        factory.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(builders).toEqual([]);
    // The operators' command-line tools (server/cli/) and the benchmarks are processes of their own: they
    // too go through the factory.
    const single = /\bcreate\w+Service\(|\bcreateAdminLists\(/;
    const scripts = [...graph.keys()].filter(
      (file) => under(file, "scripts/", "server/cli/") && single.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(scripts).toEqual([]);
  });
});
