/**
 * The sender: claims due outbox jobs with `FOR UPDATE SKIP LOCKED` (one instance per job, on PGlite and
 * PostgreSQL alike), marks them `sending` with a lease, delivers them, and marks each `sent`, schedules a
 * retry with exponential backoff, or ends it `failed` (after MAIL_MAX_ATTEMPTS tries, or at once on a
 * permanent rejection). A job whose process died mid-send is claimed again when its lease runs out, and
 * goes out with the same Message-ID. Logs carry ids, kinds and error codes, never an address or a body.
 *
 * An outage of the transport itself (SMTP unreachable, refusing connections or sign-in, the outbox
 * directory's disk refusing writes) is not a failure of the email (ADR 0036): it opens a circuit breaker,
 * logged once. The job and the rest of its batch go back to the queue without using an attempt, nothing is
 * claimed while the circuit is open, and the transport is probed once per `probeMs`; when a probe passes
 * the queue drains at `ratePerSecond` at most, so a backlog never floods the process or the provider.
 * An email is rendered once: one that was held by an outage is sent from the rendering kept in memory.
 * Rendering and sending are the courier's (courier.ts): in production a child process at a lower CPU
 * priority (ADR 0066), so a backlog never competes with the requests this process answers.
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DEFAULT_LANGUAGE, isLanguage } from "#core/i18n/languages";
import { applications, contactMessages, emailOutbox, type OutboxEmail } from "../../db/schema";
import type { Logger } from "../../logger";
import { backgroundLoop } from "../background-loop";
import { backoffMs } from "./backoff";
import { CAP_REASONS, type MailCaps } from "./caps";
import type { Courier } from "./courier";
import { isFormReplyEmail, isPersonEmail, OUTBOX_KINDS } from "#core/contracts/outbox";
import { describeError, isPermanent, isTransportOutage } from "./transport-errors";

export interface SenderOptions {
  db: Database;
  /** Renders and sends each email (in this process or in the courier process). */
  courier: Courier;
  logger: Logger;
  now?: () => Date;
  maxAttempts: number;
  /** How long a claimed job is ours; after that another sender may take it. */
  leaseMs?: number;
  batchSize?: number;
  /** Pause between polls while the loop runs. */
  pollMs?: number;
  random?: () => number;
  /** While the transport is out, how often one probe checks whether it is back. */
  probeMs?: number;
  /** Emails handed to the transport per second at most (0: no limit). */
  ratePerSecond?: number;
  /** Waits (the pacing of `ratePerSecond`); tests pass a clock of their own. */
  sleep?: (ms: number) => Promise<void>;
  /** A monotonic clock in ms for probes and pacing (default `performance.now`). */
  clock?: () => number;
  /** The caps on emails to people (ADR 0056); omitted: none. */
  caps?: MailCaps;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  /** Emails to people held back by a cap (ended `capped`, not sent). */
  capped: number;
  /** Claimed, then given back to the queue untouched because the transport is out. */
  held: number;
}

export interface CircuitState {
  /** True while the transport is out and nothing is claimed. */
  open: boolean;
  /** When the current outage was detected. */
  since: Date | null;
  /** The transport's error, without addresses. */
  reason: string | null;
}

export interface OutboxSender {
  /** Claims and delivers one batch of due jobs; resolves when each is settled. */
  runOnce(): Promise<RunResult>;
  /** Starts the polling loop (runs a batch right away). */
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** The circuit breaker's state, for the operator view. */
  circuit(): CircuitState;
}

type Row = Record<string, unknown>;
type ClaimedEmail = OutboxEmail & { marketing_consent: boolean | null; language: string | null };
const PERSON_KINDS = OUTBOX_KINDS.filter(isPersonEmail);
function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

export function createOutboxSender(options: SenderOptions): OutboxSender {
  const { db, courier, logger } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 20;
  const pollMs = options.pollMs ?? 2000;
  const random = options.random ?? Math.random;
  const probeMs = options.probeMs ?? 30_000;
  const minGapMs = options.ratePerSecond ? 1000 / options.ratePerSecond : 0;
  const clock = options.clock ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const state: CircuitState = { open: false, since: null, reason: null };
  let nextProbeAt = 0;
  let nextSendAt = 0;

  /**
   * Claims a batch; each job comes with whether the person it is about has marketing consent right now, and the
   * language of the record it is about (her application or contact message: ADR 0111), one statement for the batch
   * rather than look-ups per email.
   */
  async function claim(): Promise<ClaimedEmail[]> {
    const personKinds = sql.join(PERSON_KINDS.map((kind) => sql`${kind}`), sql`, `);
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
      returning id, kind, recipients, subject_email, payload, message_id, attempts, application_id,
        kind in (${personKinds}) and exists (
          select 1 from ${applications}
           where lower(${applications.email}) = ${emailOutbox.subject_email} and ${applications.marketing_consent}
        ) as marketing_consent,
        case when kind in (${personKinds}) then coalesce(
          (select ${applications.preferred_language} from ${applications} where ${applications.id} = ${emailOutbox.application_id}),
          (select ${contactMessages.preferred_language} from ${contactMessages} where ${contactMessages.id} = ${emailOutbox.contact_message_id})
        ) end as language`);
    return rowsOf(result) as unknown as ClaimedEmail[];
  }

  class Outage extends Error {}

  /** The cap that holds back an email to a person (each email counted once, however often it is tried). */
  async function capOf(job: ClaimedEmail): Promise<keyof typeof CAP_REASONS | null> {
    const address = job.recipients[0];
    if (!options.caps || !isFormReplyEmail(job.kind) || !address) return null;
    return options.caps.admit(job.id, address);
  }

  async function deliver(job: ClaimedEmail): Promise<"sent" | "retried" | "failed" | "capped"> {
    const log = { outboxId: job.id, kind: job.kind, attempt: job.attempts };
    try {
      const cap = await capOf(job);
      if (cap) {
        await db
          .update(emailOutbox)
          .set({ status: "capped", locked_until: null, last_error: CAP_REASONS[cap] })
          .where(eq(emailOutbox.id, job.id));
        logger.info({ ...log, cap }, "email held back by a cap");
        return "capped";
      }
      const consent = isPersonEmail(job.kind) && job.marketing_consent === true;
      if (minGapMs > 0) {
        const wait = nextSendAt - clock();
        if (wait > 0) await sleep(wait);
        nextSendAt = Math.max(nextSendAt, clock()) + minGapMs;
      }
      let result;
      try {
        result = await courier.deliver({
          id: job.id,
          kind: job.kind,
          recipients: job.recipients,
          subject_email: job.subject_email,
          payload: job.payload,
          message_id: job.message_id,
          application_id: job.application_id,
          marketingConsent: consent,
          language: isLanguage(job.language) ? job.language : DEFAULT_LANGUAGE,
          now: now(),
        });
      } catch (error) {
        if (isTransportOutage(error)) {
          openCircuit(error);
          throw new Outage();
        }
        throw error;
      }
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
      if (error instanceof Outage) throw error;
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

  function openCircuit(error: unknown) {
    if (state.open) return;
    state.open = true;
    state.since = now();
    state.reason = describeError(error);
    nextProbeAt = clock() + probeMs;
    logger.warn({ reason: state.reason, probeEverySeconds: probeMs / 1000 }, "email transport unreachable: holding the queue until a probe passes");
  }

  /** One probe per interval while the circuit is open; true when the transport may be used. */
  async function probe(): Promise<boolean> {
    if (!state.open) return true;
    if (clock() < nextProbeAt) return false;
    nextProbeAt = clock() + probeMs;
    try {
      await courier.verify();
    } catch (error) {
      state.reason = describeError(error);
      return false;
    }
    logger.info({ outageSeconds: Math.round((now().getTime() - (state.since?.getTime() ?? now().getTime())) / 1000) }, "email transport reachable again: draining the queue");
    state.open = false;
    state.since = null;
    state.reason = null;
    return true;
  }

  /** Gives claimed jobs back to the queue as they were: the outage used none of their attempts. */
  async function release(jobs: ClaimedEmail[]) {
    if (jobs.length === 0) return;
    await db.execute(sql`
      update ${emailOutbox} set status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null
       where id in (${sql.join(jobs.map((job) => sql`${job.id}::uuid`), sql`, `)}) and status = 'sending'`);
  }

  async function runOnce(): Promise<RunResult> {
    const out: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0, capped: 0, held: 0 };
    if (!(await probe())) return out;
    const jobs = await claim();
    out.claimed = jobs.length;
    for (const [index, job] of jobs.entries()) {
      try {
        out[await deliver(job)]++;
      } catch (error) {
        if (!(error instanceof Outage)) throw error;
        const held = jobs.slice(index);
        await release(held);
        out.held = held.length;
        break;
      }
    }
    return out;
  }

  // A full batch delivered whole means more are due: the next one at once, else after a poll's wait.
  const loop = backgroundLoop({
    name: "outbox",
    logger,
    turn: runOnce,
    firstDelayMs: 0,
    nextDelayMs: (r) => (r && r.claimed === batchSize && r.held === 0 ? 0 : pollMs),
    // The database may be away for a while: log and try again on the next poll.
    onFailure: (err) => logger.warn({ reason: describeError(err) }, "outbox poll failed"),
  });

  return {
    runOnce,
    start: loop.start,
    stop: loop.stop,
    circuit: () => ({ ...state }),
  };
}
