/** To the sender of a contact message: received, answered within the response time; quotes nothing she wrote. */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { ContactAcknowledgementPayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, responseTime, text, wordsOf } from "./layout";

export const subject = (_payload: ContactAcknowledgementPayload, words: MailWords) => words.t("email.acknowledgement.subject", { brand: brand.name });

export function ContactAcknowledgement({
  context,
}: {
  payload: ContactAcknowledgementPayload;
  context: MailContext;
}) {
  const words = wordsOf(context);
  const within = responseTime(words);
  return (
    <Layout preview={words.t("email.acknowledgement.backWithin", { responseTime: within })} context={context}>
      <Heading as="h1" style={heading}>
        {words.t("email.acknowledgement.heading")}
      </Heading>
      <Text style={text}>{words.t("email.acknowledgement.received")}</Text>
      <Text style={text}>{words.rich("email.acknowledgement.backWithin", { responseTime: within })}</Text>
      <Text style={text}>{words.rich("email.acknowledgement.urgent", { phone: brand.contact.phone, emergency: brand.contact.emergencyNumber })}</Text>
    </Layout>
  );
}
