/**
 * Privacy requests and retention from the command line, on either database engine (DATABASE_URL or DATA_DIR):
 *
 *   npm run privacy -- find --email X              what is held about an address, with counts
 *   npm run privacy -- export --email X [--out F]  the access export (JSON) to a file or standard output
 *   npm run privacy -- erase --email X [--yes]     erase everything about the address (asks to confirm)
 *   npm run privacy -- purge [--dry-run]           remove what is older than the retention periods
 *
 * Every action is audited as the actor `cli`. Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 */
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { pathToFileURL } from "node:url";
import { privacyFindSchema } from "#core/privacy";
import { CLI_ACTOR } from "../services/audit";
import type { PrivacyService } from "../services/privacy";
import { privacyServiceFromEnv } from "../services";
import { CliFailure, type CliContext, type CliOutput, issueMessages, runCli, UsageError } from "./harness";
import { calendarDay } from "#core/time";

export const USAGE = `Usage: npm run privacy -- <command> [options]

Commands:
  find --email X                 list what is held about the address (case and spaces ignored)
  export --email X [--out FILE]  write the access export (JSON) to FILE, or to standard output
  erase --email X [--yes]        erase everything about the address; asks you to type it again unless --yes
  purge [--dry-run]              remove records older than the retention periods (--dry-run: only count them)

The database is DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).`;

export interface CliIo extends CliOutput {
  /** Asks a question and returns the line typed. */
  ask: (prompt: string) => Promise<string>;
}

interface Options {
  email?: string;
  out?: string;
  yes?: boolean;
  "dry-run"?: boolean;
}

const ctx = { actor: CLI_ACTOR, clientAddress: null };

function requireEmail(value: string | undefined): string {
  if (value === undefined) throw new UsageError("--email is required");
  const parsed = privacyFindSchema.safeParse({ email: value });
  if (!parsed.success) throw new CliFailure(issueMessages(parsed.error.issues));
  return parsed.data.email;
}

function countLines(counts: Record<string, number>): string[] {
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  return Object.entries(counts).map(([kind, n]) => `  ${kind.padEnd(width)}  ${n}`);
}

async function run(command: string, options: Options, context: CliContext, io: CliIo): Promise<void> {
  if (command !== "purge" && options.email === undefined) throw new UsageError("--email is required");
  const privacy: PrivacyService = privacyServiceFromEnv(context.env, await context.database());
  switch (command) {
    case "find": {
      const found = await privacy.find(requireEmail(options.email), ctx);
      io.out(`Records held about ${found.email}:`);
      for (const line of countLines({ ...found.counts })) io.out(line);
      for (const a of found.applications) io.out(`  application ${a.id}  submitted ${a.submitted_at.toISOString()}  ${a.formSource}`);
      for (const m of found.contactMessages) io.out(`  contact message ${m.id}  sent ${m.submitted_at.toISOString()}  ${m.reason}`);
      for (const e of found.emails) io.out(`  email ${e.id}  ${e.kind}  ${e.status}`);
      for (const r of found.requests) io.out(`  request ${r.id}  ${r.kind}  ${r.status}  due ${calendarDay(r.due_at, "UTC")}`);
      return;
    }
    case "export": {
      const document = await privacy.exportDocument(requireEmail(options.email), ctx);
      const text = `${JSON.stringify(document, null, 2)}\n`;
      if (options.out) {
        writeFileSync(options.out, text, { mode: 0o600 });
        io.err(`Wrote the export to ${options.out}.`);
      } else {
        io.out(text.trimEnd());
      }
      return;
    }
    case "erase": {
      const email = requireEmail(options.email);
      if (!options.yes) {
        const found = await privacy.find(email, ctx);
        io.out(`This erases everything held about ${email}, for good:`);
        const { applications, contactMessages, emails, stageHistory, notes, offers } = found.counts;
        for (const line of countLines({ applications, contactMessages, emails, stageHistory, notes, offers })) io.out(line);
        const typed = await io.ask("Type the email address to confirm: ");
        if (typed.trim().toLowerCase() !== email) throw new CliFailure("Not confirmed: nothing was erased");
      }
      const result = await privacy.erase(email, ctx);
      io.out(`Erased ${email}:`);
      for (const line of countLines({ ...result.counts })) io.out(line);
      return;
    }
    case "purge": {
      const dryRun = Boolean(options["dry-run"]);
      const result = await privacy.purge({ dryRun, actorUsername: CLI_ACTOR.username });
      if (!result.ran) {
        io.out("Another instance is purging right now; nothing was done.");
        return;
      }
      io.out(dryRun ? "A purge now would remove:" : "Removed:");
      for (const line of countLines({ ...result.counts })) io.out(line);
      io.out(
        `Cut-offs: applications before ${result.cutoffs.applications.toISOString()}, messages before ${result.cutoffs.messages.toISOString()}, audit before ${result.cutoffs.audit.toISOString()}.`,
      );
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

/** Runs one command and returns the exit code. */
export function main(argv: string[], io: CliIo): Promise<number> {
  return runCli<Options>(
    {
      usage: USAGE,
      commands: ["find", "export", "erase", "purge"],
      options: { email: { type: "string" }, out: { type: "string" }, yes: { type: "boolean", short: "y" }, "dry-run": { type: "boolean" } },
      run: (command, values, context) => run(command, values, context, io),
    },
    argv,
    io,
  );
}

function terminalIo(): CliIo {
  let lines: AsyncIterableIterator<string> | undefined;
  return {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    ask: async (prompt) => {
      if (process.stdin.isTTY) {
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await rl.question(prompt);
        } finally {
          rl.close();
        }
      }
      // Piped: one line of standard input per question.
      process.stderr.write(prompt);
      lines ??= createInterface({ input: process.stdin })[Symbol.asyncIterator]();
      const next = await lines.next();
      return next.done ? "" : next.value;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), terminalIo());
}
