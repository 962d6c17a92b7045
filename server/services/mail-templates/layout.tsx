/**
 * The frame every email shares: brand header, a white card, and a footer with how to reach us, the
 * privacy contact and (for people who gave marketing consent) the unsubscribe link. React Email
 * components render table-based HTML with inline styles that common mail clients display.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { brand } from "#core/brand";
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
  /** PUBLIC_SITE_URL without a trailing slash. */
  siteUrl: string;
  /** Signed one-click unsubscribe page, only for people who gave marketing consent. */
  unsubscribeUrl?: string;
  /** Her own page behind a private link (ADR 0098), in every email to an applicant about her application. */
  applicantPageUrl?: string;
  /** The link that confirms her new address (only in the email to that address; ADR 0099). */
  emailChangeUrl?: string;
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
  return (
    <Html lang="en">
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
                Where you stand, and what you can do (answer an offer, book your consult, change your details, withdraw):
                <br />
                <Link href={context.applicantPageUrl}>Open my application</Link>
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
                  Questions? Write to <Link href={`mailto:${brand.contact.general}`}>{brand.contact.general}</Link> or
                  call {brand.contact.phone}. Privacy questions and requests:{" "}
                  <Link href={`mailto:${brand.contact.privacy}`}>{brand.contact.privacy}</Link>.
                </Text>
                <Text style={small}>
                  <Link href={`${context.siteUrl}/privacy-policy`}>Read our Privacy Policy</Link>
                </Text>
                {context.unsubscribeUrl ? (
                  <Text style={small}>
                    You agreed to hear about the {brand.name} pilot.{" "}
                    <Link href={context.unsubscribeUrl}>Stop marketing emails in one click</Link>
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
