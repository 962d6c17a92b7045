/**
 * The bare floor for `npm run bench:api`: node:http and the database driver doing the same database work
 * as the product's application submission once its emails are queued (the application row plus its two
 * email_outbox rows, confirmation and staff alert, in one transaction), with no framework at all.
 * Usage: node scripts/bench/floor.mjs <port> <postgres://url | pglite:/data/dir>
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [portArg, target] = process.argv.slice(2);
const port = Number(portArg);
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");

const APP = `insert into applications ("firstName","lastName",email,age,state,phone,"zipCode","interestLevel","formSource",marketing_consent)
  values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) returning id, submitted_at`;
const OUTBOX = `insert into email_outbox (kind, recipients, subject_email, application_id, payload, message_id)
  values ('application_confirmation', array[$1], lower($1), $2, $3, $4), ('staff_application_alert', array['staff@example.com'], lower($1), $2, $3, $5)`;

async function migrate(exec) {
  for (const file of readdirSync(migrations).filter((f) => f.endsWith(".sql")).toSorted()) {
    for (const statement of readFileSync(path.join(migrations, file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await exec(statement);
    }
  }
}

let submit;
if (target.startsWith("postgres")) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  await migrate((s) => pool.query(s));
  submit = async (b) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query(APP, [b.firstName, b.lastName, b.email, b.age, b.state, b.phone, b.zipCode, b.interestLevel, b.formSource, b.marketing_consent]);
      await client.query(OUTBOX, [b.email, rows[0].id, { firstName: b.firstName }, `<${randomUUID()}@bench>`, `<${randomUUID()}@bench>`]);
      await client.query("commit");
      return rows[0];
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The same extensions as the product's engine (the migrations create pg_trgm indexes).
  const db = new PGlite(target.slice("pglite:".length), { extensions: { pg_trgm } });
  await db.waitReady;
  await migrate((s) => db.exec(s));
  submit = (b) =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query(APP, [b.firstName, b.lastName, b.email, b.age, b.state, b.phone, b.zipCode, b.interestLevel, b.formSource, b.marketing_consent]);
      await tx.query(OUTBOX, [b.email, rows[0].id, { firstName: b.firstName }, `<${randomUUID()}@bench>`, `<${randomUUID()}@bench>`]);
      return rows[0];
    });
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      try {
        const row = await submit(JSON.parse(Buffer.concat(chunks).toString()));
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: row.id, submitted_at: new Date(row.submitted_at).toISOString() }));
      } catch {
        res.writeHead(500).end();
      }
    });
  })
  .listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
