/**
 * Turns an outbox row into a message: rendered template, addresses checked again, header values without
 * line breaks, the stable Message-ID, and the RFC 8058 one-click unsubscribe headers for people who gave
 * marketing consent.
 */
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { brand } from "#core/brand";
import { DEFAULT_LANGUAGE, type Language } from "#core/i18n/languages";
import type { OutboxEmail } from "../../db/schema";
import { isAddressChangeEmail, isConsultInviteEmail, isPersonEmail, type OutboxKind, OUTBOX_KINDS, type PayloadByKind, renderEmail } from "../mail-templates";
import { headerSafe, isPlainAddress, parseMailbox } from "#core/mail-address";
import { signUnsubscribeToken } from "./unsubscribe-token";
import { signPageToken } from "../applicant-page-token";
import { signEmailChangeToken } from "../email-change-token";
import { offerPath, offerTokenFor } from "../offer-token";
import { consultInvite } from "./calendar-invite";

export interface ComposeConfig {
  siteUrl: string;
  mailFrom: string;
  unsubscribeSecret: string;
}

/** A job that can never be sent as it is (bad address, unknown kind): fails at once, not retried. */
export class PermanentMailError extends Error {
  readonly permanent = true;
}

export function unsubscribeUrl(config: ComposeConfig, address: string, now: Date): string {
  return `${config.siteUrl}/unsubscribe?token=${signUnsubscribeToken(config.unsubscribeSecret, address, now)}`;
}

/** The confirmation page of a new address, signed from the change's id as the email is composed (ADR 0099). */
function emailChangeUrl(config: ComposeConfig, payload: unknown): string {
  const changeId = (payload as { changeId?: unknown }).changeId;
  if (typeof changeId !== "string") throw new PermanentMailError("an address confirmation names its change");
  return `${config.siteUrl}/email-change/${signEmailChangeToken(config.unsubscribeSecret, changeId)}`;
}

/** An offer's email with its link signed from the offer's id (ADR 0104); a row queued before carries its path. */
function withOfferPath(config: ComposeConfig, kind: OutboxKind, payload: Record<string, unknown>): Record<string, unknown> {
  if (kind !== "place_offer" && kind !== "offer_reminder") return payload;
  if (typeof payload.offerPath === "string") return payload;
  if (typeof payload.offerId !== "string") throw new PermanentMailError("an offer's email names its offer");
  return { ...payload, offerPath: offerPath(offerTokenFor(config.unsubscribeSecret, payload.offerId)) };
}

export async function composeEmail(
  row: Pick<OutboxEmail, "kind" | "recipients" | "subject_email" | "payload" | "message_id"> & { application_id?: string | null },
  config: ComposeConfig,
  /** `language`: hers, the record's (ADR 0111); absent: English. A staff alert is English whatever it says. */
  options: { marketingConsent: boolean; now: Date; language?: Language },
): Promise<SendMailOptions> {
  if (!(OUTBOX_KINDS as readonly string[]).includes(row.kind)) throw new PermanentMailError(`unknown kind ${row.kind}`);
  const kind = row.kind as OutboxKind;
  const recipients = row.recipients.filter((r) => isPlainAddress(r));
  if (recipients.length === 0 || recipients.length !== row.recipients.length) {
    throw new PermanentMailError("invalid recipient address");
  }
  const from = parseMailbox(config.mailFrom);
  if (!from) throw new PermanentMailError("invalid MAIL_FROM");
  const person = isPersonEmail(kind);
  // An address change's emails go to an address not yet hers, or no longer hers: neither carries her links.
  const addressChange = isAddressChangeEmail(kind);
  const subjectAddress = row.subject_email && isPlainAddress(row.subject_email) ? row.subject_email : undefined;
  const unsubscribe =
    person && !addressChange && options.marketingConsent && subjectAddress ? unsubscribeUrl(config, subjectAddress, options.now) : undefined;

  // Every email to an applicant about her application carries a fresh link to her own page (ADR 0098).
  const applicantPageUrl = person && !addressChange && row.application_id ? `${config.siteUrl}/a/${signPageToken(config.unsubscribeSecret, row.application_id, options.now)}` : undefined;
  const language = person ? (options.language ?? DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE;
  const rendered = await renderEmail(kind, withOfferPath(config, kind, row.payload) as unknown as PayloadByKind[typeof kind], {
    language,
    siteUrl: config.siteUrl,
    unsubscribeUrl: unsubscribe,
    ...(applicantPageUrl ? { applicantPageUrl } : {}),
    ...(kind === "email_change_confirm" ? { emailChangeUrl: emailChangeUrl(config, row.payload) } : {}),
  });
  const headers: Record<string, string> = {};
  if (unsubscribe) {
    headers["List-Unsubscribe"] = `<${unsubscribe}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  // Her consult's emails carry the calendar invite, built from the payload as the email is composed (ADR 0100).
  const icalEvent = isConsultInviteEmail(kind)
    ? consultInvite(kind, row.payload as unknown as PayloadByKind[typeof kind], { organizer: from.address, attendee: recipients[0] ?? "", now: options.now, language })
    : undefined;
  // Staff answer a contact message by replying to its alert; people reply to the general mailbox.
  const replyTo = kind === "staff_contact_alert" ? subjectAddress : person ? brand.contact.general : undefined;
  return {
    from: { name: headerSafe(from.name ?? brand.name, 100), address: from.address },
    to: recipients,
    ...(replyTo ? { replyTo } : {}),
    subject: headerSafe(rendered.subject),
    text: rendered.text,
    html: rendered.html,
    messageId: headerSafe(row.message_id, 300),
    headers,
    ...(icalEvent ? { icalEvent } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
