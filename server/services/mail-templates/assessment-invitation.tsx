/** To an applicant invited to the OvellaIQ assessment: the clinical team's instructions and her page, where she tells us her kit is sent. No form answers. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { AssessmentInvitationPayload } from "./kinds";
import { absoluteUrl, button, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: AssessmentInvitationPayload, words: MailWords) => words.t("email.assessment.subject", { brand: brand.name });

export function AssessmentInvitation({ payload, context }: { payload: AssessmentInvitationPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.assessment.preview", { brand: brand.name })} context={context} pageLinkInBody={Boolean(context.applicantPageUrl)}>
      <Heading as="h1" style={heading}>
        {words.rich("email.assessment.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.assessment.intro", { brand: brand.name })}</Text>
      {payload.instructions ? (
        <>
          <Text style={{ ...text, fontWeight: 600, margin: "0 0 4px" }}>{words.t("email.assessment.fromTeam")}</Text>
          {/* Each line of the instructions a paragraph of its own, so the plain-text part keeps them apart (staff's words, as written). */}
          {payload.instructions
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line, i) => (
              <Text key={`${i}-${line}`} style={text}>
                {line}
              </Text>
            ))}
        </>
      ) : null}
      {context.applicantPageUrl ? (
        <>
          <Text style={text}>{words.t("email.assessment.page")}</Text>
          <Button href={context.applicantPageUrl} style={button}>
            {words.t("email.assessment.pageButton")}
          </Button>
        </>
      ) : null}
      <Text style={text}>
        {words.rich("email.assessment.about", {
          link: <Link href={absoluteUrl(payload.assessmentUrl, context)}>{words.rich("email.assessment.aboutLink", { assessment: brand.assessmentName })}</Link>,
        })}
      </Text>
    </Layout>
  );
}
