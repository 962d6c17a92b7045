/**
 * The frame every email shares: brand header, a white card, and a footer with how to reach us, the
 * privacy contact and (for people who gave marketing consent) the unsubscribe link. React Email
 * components render table-based HTML with inline styles that common mail clients display.
 */
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement, Fragment, type ReactNode } from "react";
import { brand } from "#core/brand";
import { type Translator, translator } from "#core/i18n/catalogue";
import { EMAIL_EN, type EmailMessageKey } from "#core/i18n/email-en";
import { EMAIL_ES } from "#core/i18n/email-es";
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_LOCALES } from "#core/i18n/languages";
import { safeFirstName } from "./visitor-text";

export const colors = {
  canvas: "#fbf7f4",
  surface: "#ffffff",
  ink: "#2a2230",
  muted: "#5e5462",
  brand: "#8a3b5c",
  line: "#e7dde0",
} as const;

export const text = { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" } as const;
export const small = { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" } as const;
export const heading = {
  color: colors.ink,
  fontFamily: "Georgia, 'Times New Roman', serif",
  fontSize: "24px",
  lineHeight: "32px",
  margin: "0 0 16px",
} as const;
export const button = {
  backgroundColor: colors.brand,
  borderRadius: "8px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "16px",
  fontWeight: 600,
  padding: "12px 20px",
  textDecoration: "none",
} as const;

/**
 * A greeting with the recipient's first name made safe again at render time (rows queued before the
 * rule included); without a name fit to show, the greeting alone.
 */
export function greeting(opening: string, firstName: unknown): string {
  const name = safeFirstName(firstName);
  return name ? `${opening}, ${name}` : opening;
}

export interface MailContext {
  /** The language of the person the email is to (ADR 0111); absent: English. Staff emails are English whatever it says. */
  language?: Language;
  /** PUBLIC_SITE_URL without a trailing slash. */
  siteUrl: string;
  /** Signed one-click unsubscribe page, only for people who gave marketing consent. */
  unsubscribeUrl?: string;
  /** Her own page behind a private link (ADR 0098), in every email to an applicant about her application. */
  applicantPageUrl?: string;
  /** The link that confirms her new address (only in the email to that address; ADR 0099). */
  emailChangeUrl?: string;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The words of an email in one language: its catalogue's messages, its locale, and messages with parts of the email in them. */
export interface MailWords extends Translator<EmailMessageKey> {
  locale: string;
  /**
   * A message whose placeholders are parts of the email (a name, a link, a bold deadline): the words between them and
   * each part as children of their own, as JSX sets `words {part} words`; `{_}` is a space of its own (JSX's `{" "}`).
   */
  rich(key: EmailMessageKey, parts: Readonly<Record<string, ReactNode>>): ReactNode;
}

function mailWords(language: Language): MailWords {
  const words = translator(language, language === "es" ? EMAIL_ES : EMAIL_EN);
  return {
    ...words,
    locale: LANGUAGE_LOCALES[language],
    rich(key, parts) {
      const message = words.t(key);
      const children: ReactNode[] = [];
      let at = 0;
      for (const match of message.matchAll(PLACEHOLDER)) {
        if (match.index > at) children.push(message.slice(at, match.index));
        const name = match[1]!;
        children.push(name === "_" ? " " : Object.hasOwn(parts, name) ? parts[name] : match[0]);
        at = match.index + match[0].length;
      }
      if (at < message.length) children.push(message.slice(at));
      return createElement(Fragment, null, ...children);
    },
  };
}

const WORDS: Readonly<Record<Language, MailWords>> = { en: mailWords("en"), es: mailWords("es") };

/** The words of the email's language (English for a context that names none). */
export function wordsOf(context: Pick<MailContext, "language">): MailWords {
  return WORDS[context.language ?? DEFAULT_LANGUAGE] ?? WORDS[DEFAULT_LANGUAGE];
}

/** How soon we answer, in the email's words ("24 hours", "24 horas"); the brand's own text when it is not a number of hours. */
export function responseTime(words: MailWords): string {
  const hours = /^(\d+) hours?$/.exec(brand.contact.responseTime);
  return hours ? words.t("email.hours", { n: Number(hours[1]) }) : brand.contact.responseTime;
}

export function Layout({
  preview,
  context,
  staff = false,
  pageLinkInBody = false,
  children,
}: {
  preview: string;
  context: MailContext;
  staff?: boolean;
  /** The email's body already leads to her page (the link email): the footer does not repeat it. */
  pageLinkInBody?: boolean;
  children: ReactNode;
}) {
  // Staff emails are English (ADR 0111).
  const words = wordsOf(staff ? {} : context);
  return (
    <Html lang={words.language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.canvas,
          fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "0 16px" }}>
          <Text style={{ ...heading, color: colors.brand, fontSize: "22px", margin: "0 0 16px" }}>{brand.name}</Text>
          <Section
            style={{
              backgroundColor: colors.surface,
              border: `1px solid ${colors.line}`,
              borderRadius: "12px",
              padding: "24px",
            }}
          >
            {children}
            {context.applicantPageUrl && !staff && !pageLinkInBody ? (
              <Text style={{ ...text, margin: "16px 0 0" }}>
                {words.t("email.layout.pageLink")}
                <br />
                <Link href={context.applicantPageUrl}>{words.t("email.openApplication")}</Link>
              </Text>
            ) : null}
          </Section>
          <Section style={{ padding: "16px 4px 0" }}>
            {staff ? (
              <Text style={small}>
                Staff notification from {brand.name}. It holds no form answers: open the record in the admin to see
                them.
              </Text>
            ) : (
              <>
                <Text style={small}>
                  {words.rich("email.layout.questions", {
                    general: <Link href={`mailto:${brand.contact.general}`}>{brand.contact.general}</Link>,
                    phone: brand.contact.phone,
                    privacy: <Link href={`mailto:${brand.contact.privacy}`}>{brand.contact.privacy}</Link>,
                  })}
                </Text>
                <Text style={small}>
                  <Link href={`${context.siteUrl}/privacy-policy`}>{words.t("email.layout.privacyPolicy")}</Link>
                </Text>
                {context.unsubscribeUrl ? (
                  <Text style={small}>
                    {words.rich("email.layout.consented", {
                      brand: brand.name,
                      stop: <Link href={context.unsubscribeUrl}>{words.t("email.layout.stopMarketing")}</Link>,
                    })}
                  </Text>
                ) : null}
              </>
            )}
            <Hr style={{ borderColor: colors.line, margin: "12px 0" }} />
            <Text style={small}>
              {brand.legal.entity}, {brand.legal.address.street}, {brand.legal.address.city},{" "}
              {brand.legal.address.region} {brand.legal.address.postalCode}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A configured link as an absolute URL: a path is taken on the site. */
export function absoluteUrl(target: string, context: MailContext): string {
  return /^https?:\/\//i.test(target) ? target : `${context.siteUrl}${target.startsWith("/") ? "" : "/"}${target}`;
}
