/** A fresh link to her own page, asked for on the site (ADR 0098). Nothing else: no stage, no form answer. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { ApplicantLinkPayload } from "./kinds";
import { button, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: ApplicantLinkPayload, words: MailWords) => words.t("email.link.subject", { brand: brand.name });

export function ApplicantLink({ payload, context }: { payload: ApplicantLinkPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.link.preview")} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        {words.rich("email.link.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.link.body", { brand: brand.name })}</Text>
      {context.applicantPageUrl ? (
        <Button href={context.applicantPageUrl} style={button}>
          {words.t("email.openApplication")}
        </Button>
      ) : null}
      <Text style={text}>{words.t("email.link.ignore")}</Text>
    </Layout>
  );
}
