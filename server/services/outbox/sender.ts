/**
 * The sender: claims due outbox jobs with `FOR UPDATE SKIP LOCKED` (one instance per job, on PGlite and
 * PostgreSQL alike), marks them `sending` with a lease, delivers them, and marks each `sent`, schedules a
 * retry with exponential backoff, or ends it `failed` (after MAIL_MAX_ATTEMPTS tries, or at once on a
 * permanent rejection). A job whose process died mid-send is claimed again when its lease runs out, and
 * goes out with the same Message-ID. Logs carry ids, kinds and error codes, never an address or a body.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { applications, emailOutbox, type OutboxEmail } from "../../db/schema";
import type { Logger } from "../../logger";
import { backoffMs } from "./backoff";
import { type ComposeConfig, composeEmail } from "./compose";
import { isPersonEmail, OUTBOX_KINDS } from "./kinds";
import type { MailTransport } from "./transport";

export interface SenderOptions {
  db: Database;
  transport: MailTransport;
  compose: ComposeConfig;
  logger: Logger;
  now?: () => Date;
  maxAttempts: number;
  /** How long a claimed job is ours; after that another sender may take it. */
  leaseMs?: number;
  batchSize?: number;
  /** Pause between polls while the loop runs. */
  pollMs?: number;
  random?: () => number;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxSender {
  /** Claims and delivers one batch of due jobs; resolves when each is settled. */
  runOnce(): Promise<RunResult>;
  /** Starts the polling loop (runs a batch right away). */
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

const EMAIL_PATTERN = /[^\s<>@"',;:]+@[^\s<>@"',;:]+/g;

/** An error as one short line without addresses (SMTP replies often quote the recipient). */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts: string[] = [];
  if (typeof e.responseCode === "number") parts.push(String(e.responseCode));
  if (typeof e.code === "string") parts.push(e.code);
  const message = typeof e.message === "string" ? e.message : String(error);
  parts.push(message.replace(EMAIL_PATTERN, "<address>").replace(/\s+/g, " ").slice(0, 300));
  return parts.join(" ");
}

function isPermanent(error: unknown): boolean {
  const e = error as { permanent?: unknown; responseCode?: unknown };
  if (e.permanent === true) return true;
  return typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503;
}

type Row = Record<string, unknown>;
type ClaimedEmail = OutboxEmail & { marketing_consent: boolean | null };
const PERSON_KINDS = OUTBOX_KINDS.filter(isPersonEmail);
function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

export function createOutboxSender(options: SenderOptions): OutboxSender {
  const { db, transport, logger } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 20;
  const pollMs = options.pollMs ?? 2000;
  const random = options.random ?? Math.random;

  /**
   * Claims a batch; each job comes with whether the person it is about has marketing consent right now
   * (one statement for the batch rather than one look-up per email).
   */
  async function claim(): Promise<ClaimedEmail[]> {
    const at = now();
    const until = new Date(at.getTime() + leaseMs);
    const result = await db.execute(sql`
      update ${emailOutbox}
         set status = 'sending', attempts = attempts + 1, locked_until = ${until.toISOString()}::timestamptz
       where id in (
         select id from ${emailOutbox}
          where (status = 'queued' and next_attempt_at <= ${at.toISOString()}::timestamptz)
             or (status = 'sending' and locked_until <= ${at.toISOString()}::timestamptz)
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked)
      returning id, kind, recipients, subject_email, payload, message_id, attempts,
        kind in (${sql.join(PERSON_KINDS.map((kind) => sql`${kind}`), sql`, `)}) and exists (
          select 1 from ${applications}
           where lower(${applications.email}) = ${emailOutbox.subject_email} and ${applications.marketing_consent}
        ) as marketing_consent`);
    return rowsOf(result) as unknown as ClaimedEmail[];
  }

  async function deliver(job: ClaimedEmail): Promise<"sent" | "retried" | "failed"> {
    const log = { outboxId: job.id, kind: job.kind, attempt: job.attempts };
    try {
      const consent = isPersonEmail(job.kind) && job.marketing_consent === true;
      const mail = await composeEmail(job, options.compose, { marketingConsent: consent, now: now() });
      const result = await transport.send(job.id, mail);
      await db
        .update(emailOutbox)
        .set({
          status: "sent",
          sent_at: now(),
          locked_until: null,
          last_error: result.rejected > 0 ? `${result.rejected} recipient(s) refused, the others accepted` : null,
        })
        .where(eq(emailOutbox.id, job.id));
      logger.info(log, "email sent");
      return "sent";
    } catch (error) {
      const reason = describeError(error);
      if (isPermanent(error) || job.attempts >= options.maxAttempts) {
        await db
          .update(emailOutbox)
          .set({ status: "failed", locked_until: null, last_error: reason })
          .where(eq(emailOutbox.id, job.id));
        logger.error({ ...log, reason }, "email failed for good");
        return "failed";
      }
      const next = new Date(now().getTime() + backoffMs(job.attempts, random));
      await db
        .update(emailOutbox)
        .set({ status: "queued", locked_until: null, last_error: reason, next_attempt_at: next })
        .where(eq(emailOutbox.id, job.id));
      logger.warn({ ...log, reason, retryAt: next.toISOString() }, "email not sent, will retry");
      return "retried";
    }
  }

  async function runOnce(): Promise<RunResult> {
    const jobs = await claim();
    const out: RunResult = { claimed: jobs.length, sent: 0, retried: 0, failed: 0 };
    for (const job of jobs) out[await deliver(job)]++;
    return out;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const tick = () => {
    timer = undefined;
    if (stopped || running) return;
    running = runOnce()
      .then((r) => r.claimed === batchSize)
      .catch((err: unknown) => {
        // The database may be away for a while: log and try again on the next poll.
        logger.warn({ reason: describeError(err) }, "outbox poll failed");
        return false;
      })
      .then((more) => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, more ? 0 : pollMs);
      });
  };

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
