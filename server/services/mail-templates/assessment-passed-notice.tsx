/** She passed the assessment: said plainly, with what happens next and by whom. No result, no form answer. */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { AssessmentPassedNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: AssessmentPassedNoticePayload, words: MailWords) => words.t("email.passed.subject", { assessment: brand.assessmentName });

export function AssessmentPassedNotice({ payload, context }: { payload: AssessmentPassedNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.passed.preview", { assessment: brand.assessmentName })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.passed.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.passed.reviewed", { assessment: brand.assessmentName })}</Text>
      <Text style={text}>{words.t("email.passed.next")}</Text>
    </Layout>
  );
}
