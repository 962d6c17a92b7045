/** She passed the assessment: said plainly, with what happens next and by whom. No result, no form answer. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { AssessmentPassedNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: AssessmentPassedNoticePayload) => `You passed the ${brand.assessmentName} assessment`;

export function AssessmentPassedNotice({ payload, context }: { payload: AssessmentPassedNoticePayload; context: MailContext }) {
  return (
    <Layout preview={`Good news about your ${brand.assessmentName} assessment.`} context={context}>
      <Heading as="h1" style={heading}>
        You passed, {payload.firstName}
      </Heading>
      <Text style={text}>
        The clinical team has reviewed your {brand.assessmentName} assessment, and you meet the pilot&apos;s criteria.
      </Text>
      <Text style={text}>
        What comes next: places in the pilot are offered in turn. When one is yours, we email you an offer with a deadline
        to accept it. If every place is taken, you join the priority waitlist and hear from us the moment one comes free.
        You do not need to do anything now.
      </Text>
    </Layout>
  );
}
