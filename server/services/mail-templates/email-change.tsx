/**
 * Her new email address (ADR 0099): the confirmation link, sent to the new address with nothing of hers in it, and the
 * notice to the old address once the change counts.
 */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { EmailChangeConfirmPayload, EmailChangedNoticePayload } from "./kinds";
import { button, greeting, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const confirmSubject = (_payload: EmailChangeConfirmPayload, words: MailWords) => words.t("email.changeConfirm.subject", { brand: brand.name });

export function EmailChangeConfirm({ context }: { payload: EmailChangeConfirmPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.changeConfirm.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.t("email.changeConfirm.heading")}
      </Heading>
      <Text style={text}>{words.rich("email.changeConfirm.body", { brand: brand.name })}</Text>
      {context.emailChangeUrl ? (
        <Button href={context.emailChangeUrl} style={button}>
          {words.t("email.changeConfirm.button")}
        </Button>
      ) : null}
      <Text style={text}>{words.t("email.changeConfirm.notYou")}</Text>
    </Layout>
  );
}

export const noticeSubject = (_payload: EmailChangedNoticePayload, words: MailWords) => words.t("email.changed.subject", { brand: brand.name });

export function EmailChangedNotice({ payload, context }: { payload: EmailChangedNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.changed.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {greeting(words.t("email.changed.heading"), payload.firstName)}
      </Heading>
      <Text style={text}>{words.rich("email.changed.body", { brand: brand.name })}</Text>
      <Text style={text}>{words.rich("email.changed.notYou", { phone: brand.contact.phone })}</Text>
    </Layout>
  );
}
