/**
 * The enrollment window closed while she was on the waitlist (ADR 0091): said plainly, with what it means for
 * her. A woman who can be offered a place keeps her chance at a place that comes free; one who cannot is not
 * promised one. No number, no form answer, no promotion.
 */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { PilotClosedNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: PilotClosedNoticePayload, words: MailWords) => words.t("email.closed.subject", { brand: brand.name });

export function PilotClosedNotice({ payload, context }: { payload: PilotClosedNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.closed.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.closed.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.closed.body", { brand: brand.name })}</Text>
      <Text style={text}>{payload.eligible ? words.t("email.closed.eligible") : words.t("email.closed.notEligible")}</Text>
      <Text style={text}>{words.rich("email.closed.nothingToDo", { phone: brand.contact.phone })}</Text>
    </Layout>
  );
}
