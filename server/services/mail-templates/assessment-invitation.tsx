/** To an applicant invited to the OvellaIQ assessment: what it is and where to take it. No form answers. */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { AssessmentInvitationPayload } from "./kinds";
import { absoluteUrl, button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: AssessmentInvitationPayload) => `Your ${brand.name} assessment instructions`;

export function AssessmentInvitation({ payload, context }: { payload: AssessmentInvitationPayload; context: MailContext }) {
  return (
    <Layout preview={`Next step for the ${brand.name} pilot: the OvellaIQ assessment.`} context={context}>
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
      <Text style={text}>The instructions are on the page below. It takes about ten minutes to read.</Text>
      <Button href={absoluteUrl(payload.assessmentUrl, context)} style={button}>
        Read the assessment instructions
      </Button>
    </Layout>
  );
}
