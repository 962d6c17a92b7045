/**
 * She is on the priority waitlist: why (the places are full only when they are), and her number when she
 * can be offered a place. The number only gets smaller as places are offered; if it grows, she is told
 * again (ADR 0087). A woman who does not meet the criteria is kept informed, without a number.
 */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { WaitlistNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: WaitlistNoticePayload, words: MailWords) => words.t("email.waitlist.subject", { brand: brand.name });

export function WaitlistNotice({ payload, context }: { payload: WaitlistNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  const numbered = typeof payload.position === "number";
  return (
    <Layout
      preview={numbered ? words.t("email.waitlist.numberPreview", { position: String(payload.position) }) : words.t("email.waitlist.preview")}
      context={context}
    >
      <Heading as="h1" style={heading}>
        {words.rich("email.waitlist.heading", { name: payload.firstName })}
      </Heading>
      {numbered ? (
        <>
          <Text style={text}>
            {/* The promise keeps the number true: it only gets smaller, or we write again. */}
            {words.rich("email.waitlist.numbered", {
              why: payload.placesFull ? words.t("email.waitlist.full") : words.t("email.waitlist.notFull"),
              number: <strong>{words.rich("email.waitlist.number", { position: payload.position })}</strong>,
              promise: words.t("email.waitlist.promise"),
            })}
          </Text>
          <Text style={text}>{words.t("email.waitlist.offerByEmail")}</Text>
        </>
      ) : (
        <Text style={text}>{words.t("email.waitlist.unnumbered")}</Text>
      )}
    </Layout>
  );
}
