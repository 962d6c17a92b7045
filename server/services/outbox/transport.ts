/**
 * Where composed emails go: an SMTP server (SMTP_URL, through nodemailer) or, without one, an .eml file
 * per email under DATA_DIR/outbox/<outbox id>.eml, built by nodemailer's MailComposer, so nothing is
 * lost and nothing pretends to be sent. nodemailer loads at the first email or probe, not at start: the
 * server itself only names where emails go, and its courier process sends them (ADR 0066, ADR 0116).
 */
import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";

export interface DeliveryResult {
  /** Recipients the server refused while accepting the others. */
  rejected: number;
}

export interface MailTransport {
  /** "smtp" or "files". */
  kind: "smtp" | "files";
  /** Where the mail goes, for the start banner (never credentials). */
  describe: string;
  send(outboxId: string, mail: SendMailOptions): Promise<DeliveryResult>;
  /** Rejects while the transport cannot be used (the circuit breaker's probe). */
  verify?(): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  let transporter: Promise<Transporter> | undefined;
  const connect = (): Promise<Transporter> => {
    transporter ??= import("nodemailer").then(({ createTransport }) => createTransport(url));
    return transporter;
  };
  return {
    kind: "smtp",
    describe: `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? "465" : "587")}`,
    async send(_outboxId, mail) {
      const info = await (await connect()).sendMail({ ...mail });
      return { rejected: Array.isArray(info.rejected) ? info.rejected.length : 0 };
    },
    async verify() {
      await (await connect()).verify();
    },
    close() {
      void transporter?.then((made) => made.close());
    },
  };
}

export function outboxDirectory(dataDir: string): string {
  return path.resolve(dataDir, "outbox");
}

/**
 * Written whole to a temporary name, flushed to the disk, renamed, and the directory flushed too: the email
 * counts as sent only once both its bytes and its name would survive a power cut, and a reader never sees
 * half an email.
 */
export async function writeDurably(file: string, data: Uint8Array | string, mode = 0o600): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await open(partial, "w", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  const dir = await open(path.dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

export function createFileTransport(dataDir: string): MailTransport {
  const dir = outboxDirectory(dataDir);
  return {
    kind: "files",
    describe: dir,
    async send(outboxId, mail) {
      const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
      const raw = await new MailComposer(mail).compile().build();
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeDurably(path.join(dir, `${outboxId}.eml`), raw);
      return { rejected: 0 };
    },
    async verify() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeDurably(path.join(dir, ".probe"), "");
    },
    close: () => undefined,
  };
}

export function createTransportFromEnv(env: { SMTP_URL?: string; DATA_DIR: string }): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFileTransport(env.DATA_DIR);
}
