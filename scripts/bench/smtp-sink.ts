/**
 * The test SMTP server (testing/smtp.ts) in a process of its own, for benchmarks: the parsing of what it
 * receives then costs the measured process nothing. Driven over IPC: "stop", "restart", "count", "exit".
 */
import { startTestSmtp } from "../../testing/smtp";

const smtp = await startTestSmtp();
process.send?.({ port: smtp.port, url: smtp.url });
process.on("message", (message: string) => {
  const reply = (value: unknown) => process.send?.({ reply: message, value });
  if (message === "stop") void smtp.stop().then(() => reply(true));
  else if (message === "restart") void smtp.restart().then(() => reply(true));
  else if (message === "count") reply(smtp.received.length);
  else if (message === "exit") void smtp.stop().then(() => process.exit(0));
});
