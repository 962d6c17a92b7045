/**
 * The bare floor for `npm run bench:api`: node:http and the database driver doing the same database work
 * as the product's application submission, in the same way: one statement that inserts the application
 * row, its idempotency key with the answer (when the request carries an Idempotency-Key) and its two
 * email_outbox rows (confirmation and staff alert), with no framework at all. On the embedded database
 * each commit is made durable as the product makes it (ADR 0035: the host files PostgreSQL wrote are
 * synced before the statement's answer, with group commit), since PGlite alone never reaches the disk's
 * cache flush; PostgreSQL syncs its own commits for both sides.
 * Usage: node --import tsx scripts/bench/floor.mjs <port> <postgres://url | pglite:/data/dir>
 * (tsx loads the product's durable file system; `FLOOR_DURABLE=0` gives PGlite's own, non-durable one).
 * On PGlite the statement is parsed once under a name and each call is one exchange, as the product runs it
 * (server/db/pglite-prepared.ts, ADR 0077); `FLOOR_PREPARED=0` uses PGlite's own `query` instead (parsed and
 * planned on every call, as the product ran it before ADR 0077). On PostgreSQL both use a named statement.
 * `FLOOR_WEBHOOK=1` (`bench:api --webhook`): one enabled endpoint subscribed to `application.created`, and the
 * statement also queues its delivery row with the product's own CTE, as the product does with one endpoint.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [portArg, target] = process.argv.slice(2);
const port = Number(portArg);
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");

const WEBHOOK = process.env.FLOOR_WEBHOOK === "1";
const hooks = WEBHOOK ? `, ${(await import("../../server/services/webhooks/index.ts")).submissionDeliveriesCte("application")}` : "";

const COLUMNS = ["firstName", "lastName", "email", "age", "state", "phone", "zipCode", "interestLevel", "formSource", "marketing_consent"];
// The product's submission statement (server/services/submissions.ts): the row, its idempotency key with the
// answer and its two outbox rows, one statement (data-modifying CTEs), one round trip, atomic by itself.
const SUBMIT = `with rec as (
  insert into applications (${COLUMNS.map((c) => `"${c}"`).join(", ")}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  returning id, to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted_at, "formSource" as form_source
), answer as (
  insert into idempotency_keys (route, key, fingerprint, status, body)
  select 'applications', $11::text, $12::text, 201, jsonb_build_object('id', rec.id, 'submitted_at', rec.submitted_at) from rec
  where $11::text is not null
), mail as (
  insert into email_outbox (id, kind, recipients, subject_email, application_id, idempotency_key, payload, message_id)
  select j.id, j.kind, j.recipients, j.subject_email, rec.id, $11::text,
         case when j.record_key is null then j.payload
              else j.payload || jsonb_build_object(j.record_key, rec.id, 'submittedAt', rec.submitted_at) end,
         j.message_id
    from rec, jsonb_to_recordset($13::text::jsonb)
      as j(id uuid, kind text, recipients text[], subject_email text, payload jsonb, record_key text, message_id text)
  on conflict do nothing
)${hooks}
select id, submitted_at from rec`;

function parameters(b, key) {
  const email = b.email.toLowerCase();
  const job = (kind, recipients, payload, recordKey) => {
    const id = randomUUID();
    return { id, kind, recipients, subject_email: email, payload, record_key: recordKey, message_id: `<${id}@bench>` };
  };
  const jobs = [
    job("application_confirmation", [email], { firstName: b.firstName }, null),
    job("staff_application_alert", ["staff@example.com"], { firstName: b.firstName, lastName: b.lastName, email, formSource: b.formSource }, "applicationId"),
  ];
  // The key's fingerprint: a hash of the submitted fields, as the product stores it.
  const fingerprint = key ? createHash("sha256").update(JSON.stringify(b)).digest("hex") : null;
  return [...COLUMNS.map((c) => b[c] ?? null), key ?? null, fingerprint, JSON.stringify(jobs)];
}

async function migrate(exec) {
  for (const file of readdirSync(migrations).filter((f) => f.endsWith(".sql")).toSorted()) {
    for (const statement of readFileSync(path.join(migrations, file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await exec(statement);
    }
  }
  if (WEBHOOK) {
    await exec(`insert into webhook_endpoints (url, secret, events) values ('http://127.0.0.1:9/hooks', 'whsec_floor', '{application.created}')`);
  }
}

let submit;
if (target.startsWith("postgres")) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  await migrate((s) => pool.query(s));
  submit = async (b, key) => (await pool.query({ name: "submit", text: SUBMIT, values: parameters(b, key) })).rows[0];
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The same extensions as the product's engine (the migrations create pg_trgm indexes).
  const dir = target.slice("pglite:".length);
  const { DurableNodeFS, durableCalls, wrapDurableClient } = await import("../../server/db/durable-fs.ts");
  let db;
  let fs;
  if (process.env.FLOOR_DURABLE === "0") db = new PGlite(dir, { extensions: { pg_trgm } });
  else {
    fs = new DurableNodeFS(dir);
    db = new PGlite({ fs, extensions: { pg_trgm } });
    wrapDurableClient(db, fs.journal);
  }
  await db.waitReady;
  await migrate((s) => db.exec(s));
  if (process.env.FLOOR_PREPARED !== "0") {
    const { preparedStatements } = await import("../../server/db/pglite-prepared.ts");
    const run = preparedStatements(db, fs ? durableCalls(fs.journal) : undefined);
    submit = async (b, key) => (await run("submit", SUBMIT, parameters(b, key)))[0];
  } else submit = async (b, key) => (await db.query(SUBMIT, parameters(b, key))).rows[0];
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      try {
        const row = await submit(JSON.parse(Buffer.concat(chunks).toString()), req.headers["idempotency-key"]);
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: row.id, submitted_at: row.submitted_at }));
      } catch {
        res.writeHead(500).end();
      }
    });
  })
  .listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
