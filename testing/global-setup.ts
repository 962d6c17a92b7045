/**
 * Vitest's global setup: the databases every test copies, migrated once per run (ADR 0079). Making and migrating
 * an embedded database from nothing took 5–6 s, and loading a migrated one's archive about 1 s; a PostgreSQL
 * database copied from a template skips the migrations likewise. The archive is written to a private temporary
 * folder and the template is a database of its own; both are removed when the run ends.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { embeddedClientOf, openDatabase } from "../server/db/client";
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./database";

export default async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), "ovella-test-template-"));
  const embedded = await openDatabase({ engine: "memory" });
  const client = embeddedClientOf(embedded.db);
  if (!client) throw new Error("the test template is not an embedded database");
  await client.exec("CHECKPOINT");
  const archive = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  await embedded.close();
  const file = path.join(folder, "migrated.tar");
  writeFileSync(file, archive, { mode: 0o600 });
  process.env[PGLITE_TEMPLATE_ENV] = file;

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (serverUrl) {
    template = `ovella_template_${randomBytes(6).toString("hex")}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const migrated = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 1 });
    // No connection may stay open to a template while it is copied.
    await migrated.close();
    process.env[POSTGRES_TEMPLATE_ENV] = template;
  }

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
