/** To an applicant invited to the OvellaIQ assessment: the clinical team's instructions and her page, where she tells us her kit is sent. No form answers. */
import { Button, Heading, Link, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { AssessmentInvitationPayload } from "./kinds";
import { absoluteUrl, button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: AssessmentInvitationPayload) => `Your ${brand.name} assessment instructions`;

export function AssessmentInvitation({ payload, context }: { payload: AssessmentInvitationPayload; context: MailContext }) {
  return (
    <Layout preview={`Next step for the ${brand.name} pilot: the OvellaIQ assessment.`} context={context} pageLinkInBody={Boolean(context.applicantPageUrl)}>
      <Heading as="h1" style={heading}>
        Your assessment, {payload.firstName}
      </Heading>
      <Text style={text}>
        Eligibility checks for the {brand.name} pilot are open. The next step is the OvellaIQ assessment: a short set of
        questions and, if you choose, a hormone test, so the clinical team can tell whether the pilot suits you.
      </Text>
      {payload.instructions ? (
        <>
          <Text style={{ ...text, fontWeight: 600, margin: "0 0 4px" }}>From the clinical team</Text>
          {/* Each line of the instructions a paragraph of its own, so the plain-text part keeps them apart. */}
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
          <Text style={text}>
            Your page has these instructions and your kit's progress. When you have sent your kit, tell us there: one
            button, and we take it from there.
          </Text>
          <Button href={context.applicantPageUrl} style={button}>
            Open my assessment page
          </Button>
        </>
      ) : null}
      <Text style={text}>
        What the assessment is, and what it measures:{" "}
        <Link href={absoluteUrl(payload.assessmentUrl, context)}>about the {brand.assessmentName} assessment</Link>.
      </Text>
    </Layout>
  );
}
