/**
 * Staff accounts from the command line, on either database engine (DATABASE_URL or DATA_DIR):
 *
 *   npm run users -- list
 *   npm run users -- create --username U --role R
 *   npm run users -- set-password --username U
 *   npm run users -- deactivate --username U
 *
 * Passwords are prompted for with hidden input on a terminal, or read as one line from stdin
 * when piped. Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 */
import { pathToFileURL } from "node:url";
import { formatDateTime } from "#core/time";
import { ROLES } from "#core/options";
import { newUserSchema, passwordRule, usernameRule } from "#core/validation";
import { createServices, revocationLedgersFromEnv, type Services } from "../services";
import { CLI_ACTOR } from "../services/audit";
import { CliFailure, type CliOutput, issueMessages, runCli, UsageError } from "./harness";

export const USAGE = `Usage: npm run users -- <command> [options]

Commands:
  list                                    list staff accounts
  create --username U [--role R]          create an account (role: ${ROLES.join(", ")}; default user)
  set-password --username U               set a new password (ends the user's sessions)
  deactivate --username U                 deactivate an account (ends the user's sessions)

Passwords are asked for (hidden) on a terminal, or read as one line from standard input.
The database is DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).`;

export interface CliIo extends CliOutput {
  /** Asks for a secret; `confirm` asks a second time on a terminal. */
  readPassword: (prompt: string, confirm: boolean) => Promise<string>;
}

function requireUsername(value: string | undefined): string {
  if (value === undefined) throw new UsageError("--username is required");
  const parsed = usernameRule.safeParse(value);
  if (!parsed.success) throw new CliFailure(issueMessages(parsed.error.issues));
  return parsed.data;
}

async function findUser(services: Services, username: string) {
  const user = await services.users.findByUsername(username);
  if (!user) throw new CliFailure(`No user named ${username}`);
  return user;
}

function formatDate(value: Date | null): string {
  return value ? formatDateTime(value) : "Never";
}

async function run(command: string, values: { username?: string; role?: string }, services: Services, io: CliIo) {
  switch (command) {
    case "list": {
      const rows = await services.users.list();
      if (rows.length === 0) {
        io.out("No staff accounts.");
        return;
      }
      const table = rows.map((u) => [u.username, u.role, u.is_active ? "active" : "inactive", formatDate(u.created_at), formatDate(u.last_login)]);
      const header = ["USERNAME", "ROLE", "STATUS", "CREATED", "LAST LOGIN"];
      const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? "").length)));
      for (const row of [header, ...table]) io.out(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd());
      return;
    }
    case "create": {
      const username = requireUsername(values.username);
      const role = values.role ?? "user";
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}`);
      const password = await io.readPassword(`Password for ${username}: `, true);
      const parsed = newUserSchema.safeParse({ username, password, role });
      if (!parsed.success) throw new CliFailure(issueMessages(parsed.error.issues));
      const user = await services.users.create(parsed.data, { actor: CLI_ACTOR });
      io.out(`Created ${user.role} ${user.username}.`);
      return;
    }
    case "set-password": {
      const username = requireUsername(values.username);
      const user = await findUser(services, username);
      const password = await io.readPassword(`New password for ${user.username}: `, true);
      const parsed = passwordRule.safeParse(password);
      if (!parsed.success) throw new CliFailure(issueMessages(parsed.error.issues));
      await services.users.setPassword(user.id, parsed.data, { actor: CLI_ACTOR });
      io.out(`Password of ${user.username} changed; their sessions were ended.`);
      return;
    }
    case "deactivate": {
      const username = requireUsername(values.username);
      const user = await findUser(services, username);
      if (!user.is_active) {
        io.out(`${user.username} is already inactive.`);
        return;
      }
      await services.users.deactivate(user.id, { actor: CLI_ACTOR });
      io.out(`Deactivated ${user.username}; their sessions were ended.`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : "A command is required");
  }
}

/** Runs one command and returns the exit code. */
export function main(argv: string[], io: CliIo): Promise<number> {
  return runCli<{ username?: string; role?: string }>(
    {
      usage: USAGE,
      commands: ["list", "create", "set-password", "deactivate"],
      options: { username: { type: "string" }, role: { type: "string" } },
      run: async (command, values, context) => {
        const database = await context.database();
        // A password set or an account deactivated here is recorded like one from the admin (ADR 0107).
        const revocationLedgers = revocationLedgersFromEnv(context.env, database.engine);
        await run(command, values, createServices({ db: database.db, now: () => new Date(), revocationLedgers }), io);
      },
    },
    argv,
    io,
  );
}

/** Reads lines from a piped stdin, one per call. */
function pipedLineReader(): () => Promise<string> {
  let lines: Promise<string[]> | undefined;
  let next = 0;
  return async () => {
    lines ??= (async () => {
      let text = "";
      process.stdin.setEncoding("utf8");
      for await (const chunk of process.stdin) text += String(chunk);
      return text.split(/\r?\n/);
    })();
    const all = await lines;
    return all[next++] ?? "";
  };
}

/** Hidden input on a terminal: nothing typed is echoed. */
function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const done = (result: string | Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done(value);
        if (ch === "\u0003") return done(new CliFailure("Cancelled"));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

function terminalIo(): CliIo {
  const piped = pipedLineReader();
  return {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readPassword: async (prompt, confirm) => {
      if (!process.stdin.isTTY) return piped();
      const first = await readHidden(prompt);
      if (confirm && (await readHidden("Repeat it: ")) !== first) throw new CliFailure("The two passwords differ");
      return first;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), terminalIo());
}
