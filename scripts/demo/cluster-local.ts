/**
 * `npm run cluster:local`: N instances of the built server on one PostgreSQL behind HAProxy, on 127.0.0.1.
 * Env: DATABASE_URL (required: the shared PostgreSQL database), CLUSTER_INSTANCES (2), CLUSTER_PORT (3840;
 * instances on the next ports), DATABASE_POOL_SIZE (5). Ctrl-C stops everything gracefully.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exited, startHaproxy, startServer, stopServer, waitFor, type Instance } from "../lib/processes";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database the instances share (for example postgres://postgres@127.0.0.1:5432/ovella).");
  process.exit(1);
}
const count = Number(process.env.CLUSTER_INSTANCES ?? 2);
const front = Number(process.env.CLUSTER_PORT ?? 3840);
const ports = Array.from({ length: count }, (_, i) => front + 1 + i);
const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: "on", DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "5", LOG_LEVEL: "info" };

// One at a time, so only the first applies the migrations (the others wait on its advisory lock anyway).
const instances: Instance[] = [];
for (const port of ports) {
  const instance = startServer(port, env);
  await waitFor(`http://127.0.0.1:${port}/readyz`, 60_000);
  instances.push(instance);
  console.log(`instance on http://127.0.0.1:${port} ready`);
}
const dir = mkdtempSync(path.join(tmpdir(), "ovella-cluster-"));
const proxy = startHaproxy(path.join(dir, "haproxy.cfg"), front, ports);
await waitFor(`http://127.0.0.1:${front}/readyz`, 10_000);
console.log(`HAProxy on http://127.0.0.1:${front} → ${ports.join(", ")} (config ${path.join(dir, "haproxy.cfg")}). Ctrl-C to stop.`);

let stopping = false;
async function stopAll() {
  if (stopping) return;
  stopping = true;
  await Promise.all(instances.map((i) => stopServer(i)));
  proxy.kill("SIGTERM");
  await exited(proxy);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGINT", () => void stopAll());
process.on("SIGTERM", () => void stopAll());
