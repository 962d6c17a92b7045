/** Her offer's deadline passed: the place went on, she is on the waitlist (with her number when she has one). */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { OfferExpiredPayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: OfferExpiredPayload, words: MailWords) => words.t("email.expired.subject", { brand: brand.name });

export function OfferExpired({ payload, context }: { payload: OfferExpiredPayload; context: MailContext }) {
  const words = wordsOf(context);
  const numbered = typeof payload.position === "number";
  return (
    <Layout
      preview={numbered ? words.t("email.waitlist.numberPreview", { position: String(payload.position) }) : words.t("email.expired.previewBack")}
      context={context}
    >
      <Heading as="h1" style={heading}>
        {words.rich("email.expired.heading", { name: payload.firstName })}
      </Heading>
      {numbered ? (
        <Text style={text}>
          {words.rich("email.expired.numbered", {
            number: <strong>{words.rich("email.waitlist.number", { position: payload.position })}</strong>,
            promise: words.t("email.waitlist.promise"),
          })}
        </Text>
      ) : (
        <Text style={text}>{words.t("email.expired.unnumbered")}</Text>
      )}
    </Layout>
  );
}
