/** Her number on the waitlist grew (staff moved someone ahead of her): she is told the new one (ADR 0087). */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { WaitlistUpdatePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: WaitlistUpdatePayload, words: MailWords) => words.t("email.waitlistUpdate.subject", { brand: brand.name });

export function WaitlistUpdate({ payload, context }: { payload: WaitlistUpdatePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.waitlistUpdate.preview", { position: String(payload.position) })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.waitlistUpdate.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>
        {words.rich("email.waitlistUpdate.body", {
          number: <strong>{words.rich("email.waitlist.number", { position: payload.position })}</strong>,
          promise: words.t("email.waitlist.promise"),
        })}
      </Text>
      <Text style={text}>{words.t("email.waitlistUpdate.still")}</Text>
    </Layout>
  );
}
