/**
 * What the staff command-line tools (`npm run users`, `npm run privacy`) have in common: argument parsing,
 * `--help`, one database opened on demand and always closed, and the exit codes
 * 0 done, 1 refused or failed, 2 wrong usage.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { readEnv, type Env } from "../config/env";
import { databaseOptionsFromEnv, openDatabase, type DatabaseHandle } from "../db/client";
import { makeTreePrivate, restrictNewFiles } from "../files/private-files";

/** Wrong usage: printed with the usage text, exit code 2. */
export class UsageError extends Error {}
/** A refusal the user can act on (bad value, not confirmed): printed as `Error: …`, exit code 1. */
export class CliFailure extends Error {}

export interface CliOutput {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CliContext {
  env: Env;
  /** Opens the database (DATABASE_URL, else DATA_DIR) the first time it is called; the harness closes it. */
  database: () => Promise<DatabaseHandle>;
}

export interface CliSpec<Values> {
  usage: string;
  commands: readonly string[];
  options: ParseArgsOptionsConfig;
  run: (command: string, values: Values, context: CliContext) => Promise<void>;
}

/** Joins the messages of a failed Zod parse for one line of output. */
export function issueMessages(issues: readonly { message: string }[]): string {
  return issues.map((issue) => issue.message).join("; ");
}

/** The tools write the same files as the server, so they are private from the first byte too (ADR 0058). */
function openPrivately(env: Env): Promise<DatabaseHandle> {
  restrictNewFiles();
  if (!env.DATABASE_URL) makeTreePrivate(env.DATA_DIR);
  return openDatabase(databaseOptionsFromEnv(env));
}

/** Parses argv, runs one command and returns its exit code; never throws. */
export async function runCli<Values>(spec: CliSpec<Values>, argv: string[], io: CliOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...spec.options, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.err(`${messageOf(error)}\n\n${spec.usage}`);
    return 2;
  }
  const [command = "", ...rest] = parsed.positionals;
  if (parsed.values.help || command === "help") {
    io.out(spec.usage);
    return 0;
  }
  if (rest.length > 0 || !spec.commands.includes(command)) {
    const problem = rest.length > 0 ? `Unexpected argument: ${rest[0]}` : command ? `Unknown command: ${command}` : "A command is required";
    io.err(`${problem}\n\n${spec.usage}`);
    return 2;
  }

  let database: Promise<DatabaseHandle> | undefined;
  try {
    const env = readEnv(io.env);
    const context: CliContext = { env, database: () => (database ??= openPrivately(env)) };
    await spec.run(command, parsed.values as Values, context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${spec.usage}`);
      return 2;
    }
    io.err(`Error: ${messageOf(error)}`);
    return 1;
  } finally {
    const opened = await database?.catch(() => undefined);
    await opened?.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
