/**
 * The emails the test server writes as .eml files (it runs without SMTP_URL) under DATA_DIR/outbox: read as text with
 * quoted-printable soft line breaks joined and folded headers unfolded, so a link or a header reads on one line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const outboxDir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

function emailsTo(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outboxDir, file), "utf8").replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " "))
    .filter((raw) => raw.includes(`\nTo: ${address}`));
}

/** The first group of `pattern` in an email to `address` whose text also matches `subject`; null until one is written. */
export function findInEmailTo(address: string, pattern: RegExp, subject: RegExp = /./): string | null {
  for (const raw of emailsTo(address)) {
    if (!subject.test(raw)) continue;
    const match = pattern.exec(raw);
    if (match?.[1]) return match[1];
  }
  return null;
}
