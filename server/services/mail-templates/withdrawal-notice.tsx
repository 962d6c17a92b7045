/** Staff withdrew her application: she is told plainly, and how to reach us if it was not what she wanted. */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { WithdrawalNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: WithdrawalNoticePayload, words: MailWords) => words.t("email.withdrawal.subject", { brand: brand.name });

export function WithdrawalNotice({ payload, context }: { payload: WithdrawalNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.withdrawal.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.withdrawal.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.withdrawal.body", { brand: brand.name })}</Text>
      <Text style={text}>{words.rich("email.withdrawal.reach", { phone: brand.contact.phone })}</Text>
    </Layout>
  );
}
