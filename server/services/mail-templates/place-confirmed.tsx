/** After an accepted offer: the place is hers and what happens next. */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { PlaceConfirmedPayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, responseTime, text, wordsOf } from "./layout";

export const subject = (_payload: PlaceConfirmedPayload, words: MailWords) => words.t("email.confirmed.subject", { brand: brand.name });

export function PlaceConfirmed({ payload, context }: { payload: PlaceConfirmedPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.confirmed.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.confirmed.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.confirmed.body", { brand: brand.name, responseTime: responseTime(words) })}</Text>
    </Layout>
  );
}
