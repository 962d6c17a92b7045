import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { createFunnel } from "../server/services/pipeline/funnel";
import { seedDemo } from "./demo/seed-demo";
const dataDir = "/tmp/funnel-pglite-1m";
const t0 = performance.now();
await seedDemo({ applications: 1_000_000, messages: 0, seed: 42, days: 180, log: (l) => console.log(l) }, { DATA_DIR: dataDir });
console.log("seeded", Math.round(performance.now() - t0));
const handle = await openDatabase({ engine: "pglite", dataDir });
const stmts = readFileSync("/tmp/funnel-history.sql", "utf8").split(";").map((s) => s.replace(/\\timing on/, "").trim()).filter((s) => s && !s.startsWith("select count"));
for (const s of stmts) { const t = performance.now(); await handle.db.execute(sql.raw(s)); console.log(s.slice(0, 40), Math.round(performance.now() - t)); }
const f = createFunnel(handle, () => new Date(), { stuckDays: 7 });
for (const run of [1, 2, 3]) {
  for (const by of ["source", "utm_campaign", "form_source"] as const) {
    const t = performance.now(); const r = await f.funnel(by, 90); console.log(run, by, Math.round(performance.now() - t), "ms", r.total.steps.map((s) => s.count).join("/"));
  }
  const t = performance.now(); const s = await f.stuck(); console.log(run, "stuck", Math.round(performance.now() - t), "ms", s.total);
}
await handle.close();
