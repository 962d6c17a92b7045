/**
 * Webhook delivery benchmark (npm run bench:webhooks): how many events per second the worker delivers to a
 * local receiver on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a
 * throwaway database is created and dropped). BENCH_EVENTS applications are submitted first (each queues its
 * delivery in its own statement), then `BENCH_WORKERS` workers drain the queue concurrently (as several
 * instances would, each batch claimed with SKIP LOCKED). The receiver verifies every 50th signature with the
 * official `standardwebhooks` package. Meanwhile the same submissions go, interleaved, to a second database
 * without any endpoint: the median time of one submission with and without an enabled endpoint shows what
 * queuing the delivery in the submission's statement costs. Prints Markdown rows; nothing is asserted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { Webhook } from "standardwebhooks";
import { applicationSchema } from "#core/validation";
import { createServices } from "../../server/services";
import { createTestDatabase } from "../../testing/database";
import { validApplication } from "../../testing/payloads";
import { median } from "../lib/median";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

// The tests' valid applicant, one address each (as a real burst of leads would be).
const application = (i: number) => applicationSchema.parse(validApplication({ lastName: `Person${i}`, email: `bench${i}@example.com` }));

let received = 0;
let verified = 0;
let secret = "";
const ids = new Set<string>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received++;
    const id = String(req.headers["webhook-id"]);
    ids.add(id);
    if (received % 50 === 0) {
      new Webhook(secret).verify(Buffer.concat(chunks).toString("utf8"), req.headers as Record<string, string>);
      verified++;
    }
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;

const database = await createTestDatabase("postgres");
const now = () => new Date();
// The receiver is on 127.0.0.1 over http: both allowed here, as WEBHOOK_ALLOW_HTTP/PRIVATE would.
const config = { db: database.db, now, webhooks: { allowHttp: true, allowPrivate: true } };
const { submissions, webhooks: service } = createServices(config);
const created = await service.create({ url: `http://127.0.0.1:${port}/hooks`, events: ["application.created"] }, { actor: { id: null, username: "bench" }, clientAddress: null });
secret = created.secret;

// The same submissions, interleaved, to a database without any endpoint (the floor of this comparison).
const bare = await createTestDatabase("postgres");
const bareSubmissions = createServices({ db: bare.db, now }).submissions;
const withEndpoint: number[] = [];
const withoutEndpoint: number[] = [];
let submitMs = 0;
for (let i = 0; i < EVENTS; i++) {
  const data = application(i);
  let t = performance.now();
  await submissions.createApplication(data);
  const took = performance.now() - t;
  withEndpoint.push(took);
  submitMs += took;
  t = performance.now();
  await bareSubmissions.createApplication(data);
  withoutEndpoint.push(performance.now() - t);
}
await bare.destroy();

const workers = Array.from({ length: WORKERS }, () => createServices(config).webhooks);
const t1 = performance.now();
await Promise.all(
  workers.map(async (worker) => {
    for (;;) {
      const run = await worker.deliverDue();
      if (run.claimed === 0) break;
    }
  }),
);
const drainMs = performance.now() - t1;
const backlog = await service.backlog();
await database.destroy();
receiver.close();

const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()[0]?.toFixed(2)}`;
console.log(`| engine | events | workers | submitted (with delivery queued) | delivered | distinct webhook-ids | signatures verified | drain time | events/s |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
console.log(
  `| postgres | ${EVENTS} | ${WORKERS} | ${Math.round((EVENTS / submitMs) * 1000)}/s | ${received} (backlog ${backlog}) | ${ids.size} | ${verified} | ${(drainMs / 1000).toFixed(2)} s | ${Math.round((received / drainMs) * 1000)} |`,
);
console.log(`\n| one submission (median) | no endpoint | one enabled endpoint | ratio |`);
console.log(`|---|---:|---:|---:|`);
console.log(`| postgres | ${median(withoutEndpoint).toFixed(2)} ms | ${median(withEndpoint).toFixed(2)} ms | ${(median(withEndpoint) / median(withoutEndpoint)).toFixed(2)}× |`);
console.log(`\n${new Date().toISOString()} · ${machine} · Node ${process.version}`);
