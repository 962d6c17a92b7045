/**
 * The courier turns a claimed outbox job into a message and hands it to the transport: the part of
 * sending that costs CPU (React Email rendering, html-to-text, MIME encoding, the `.eml` file's sync).
 * The sender keeps the queue (claim, lease, retry, circuit breaker) and asks a courier to deliver.
 *
 * Two couriers do the same work: `createInlineCourier` in the calling process, and the courier process
 * (`courier-process.ts`), which runs this same code in a child process at a lower CPU priority so that
 * rendering a backlog never slows the pages and forms the server answers (ADR 0066).
 */
import type { Language } from "#core/i18n/languages";
import type { OutboxEmail } from "../../db/schema";
import type { ComposeConfig, composeEmail } from "./compose";
import type { DeliveryResult, MailTransport } from "./transport";

/**
 * What a courier needs of a job: the stored row, whether its person consents to marketing now, her language (of the
 * record the email is about, ADR 0111; absent: English) and the time.
 */
export interface CourierJob extends Pick<OutboxEmail, "id" | "kind" | "recipients" | "subject_email" | "payload" | "message_id" | "application_id"> {
  marketingConsent: boolean;
  language?: Language;
  now: Date;
}

export interface Courier {
  /** Renders (once: a rendering held by a transport outage is reused) and sends; rejects with the transport's or the composer's error. */
  deliver(job: CourierJob): Promise<DeliveryResult>;
  /** Rejects while the transport cannot be used. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/** The fields of an error the sender reads to classify it (outage, permanent, retry), and nothing else. */
export interface CourierError {
  message: string;
  code?: string;
  responseCode?: number;
  command?: string;
  permanent?: boolean;
}

export function courierErrorOf(error: unknown): CourierError {
  const e = (error ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown; permanent?: unknown };
  return {
    message: typeof e.message === "string" ? e.message : String(error),
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    ...(typeof e.responseCode === "number" ? { responseCode: e.responseCode } : {}),
    ...(typeof e.command === "string" ? { command: e.command } : {}),
    ...(e.permanent === true ? { permanent: true } : {}),
  };
}

/** An error rebuilt from its fields (on the sender's side of the process boundary). */
export function errorFromCourier(fields: CourierError): Error & CourierError {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * The composer (React Email, its Tailwind and html-to-text, the calendar invite), loaded with the first email this
 * process composes: the server that hands its emails to the courier process never loads it (ADR 0115).
 */
let composer: Promise<typeof import("./compose")> | undefined;
const loadComposer = () => (composer ??= import("./compose"));

/** Renders and sends in this process. */
export function createInlineCourier(transport: MailTransport, compose: ComposeConfig, isOutage: (error: unknown) => boolean): Courier {
  /** Renderings of emails held by a transport outage, sent as they are once it ends (bounded: one per job in flight). */
  const rendered = new Map<string, Awaited<ReturnType<typeof composeEmail>>>();
  return {
    async deliver(job) {
      const mail = rendered.get(job.id) ?? (await (await loadComposer()).composeEmail(job, compose, { marketingConsent: job.marketingConsent, language: job.language, now: job.now }));
      rendered.delete(job.id);
      try {
        return await transport.send(job.id, mail);
      } catch (error) {
        if (isOutage(error)) rendered.set(job.id, mail);
        throw error;
      }
    },
    async verify() {
      await transport.verify?.();
    },
    async close() {
      rendered.clear();
      transport.close();
    },
  };
}
