/** Writes every email template, as HTML and plain text, to build/email-preview/ (npm run email:preview). */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OUTBOX_KINDS, renderEmail, SAMPLE_PAYLOADS } from "../../server/services/mail-templates";

const outDir = path.resolve("build/email-preview");
mkdirSync(outDir, { recursive: true });
const siteUrl = "http://localhost:3000";
for (const kind of OUTBOX_KINDS) {
  const unsubscribeUrl = kind === "application_confirmation" ? `${siteUrl}/unsubscribe?token=preview` : undefined;
  const email = await renderEmail(kind, SAMPLE_PAYLOADS[kind], { siteUrl, unsubscribeUrl });
  const name = kind.replaceAll("_", "-");
  writeFileSync(path.join(outDir, `${name}.html`), email.html);
  writeFileSync(path.join(outDir, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}\n`);
  console.log(`${name}: ${email.subject}`);
}
console.log(`Wrote ${OUTBOX_KINDS.length * 2} files to ${outDir}`);
