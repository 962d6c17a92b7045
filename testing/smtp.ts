/** A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, for outbox tests. */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Recipients matching this are refused with 550 (a permanent rejection). */
  reject?: RegExp;
  /** Recipients matching this are refused with 451 (try again later). */
  defer?: RegExp;
  /** Stops listening (SMTP down). */
  stop(): Promise<void>;
  /** Listens again on the same port (SMTP back). */
  restart(): Promise<void>;
  listening(): boolean;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const state: TestSmtp = {
    port: 0,
    url: "",
    received,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async restart() {
      await listen(state.port);
    },
    listening: () => server !== undefined,
  };

  async function listen(port: number): Promise<void> {
    const instance = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (state.reject?.test(address.address)) {
          callback(smtpError("Mailbox unavailable", 550));
          return;
        }
        if (state.defer?.test(address.address)) {
          callback(smtpError("Try again later", 451));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then((parsed) => {
              received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
              callback();
            })
            .catch((error: unknown) => callback(error as Error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.once("error", reject);
      instance.listen(port, "127.0.0.1", () => resolve());
    });
    server = instance;
    const address = instance.server.address() as AddressInfo;
    state.port = address.port;
    state.url = `smtp://127.0.0.1:${address.port}`;
  }

  await listen(0);
  return state;
}
