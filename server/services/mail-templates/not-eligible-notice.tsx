/**
 * She does not meet the pilot's criteria: a warm, plain answer. Where she lives outside the pilot's area
 * she is told where it runs for now; a new city is promised only with her marketing consent. Which other
 * criterion she missed is never named (it would repeat a form answer).
 */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { NotEligibleNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: NotEligibleNoticePayload) => `About your ${brand.name} pilot application`;

const cities = () => brand.pilot.cities.join(" and ");

function why(outside: NotEligibleNoticePayload["outside"]): string {
  if (outside === "region") return `The pilot runs only in ${brand.pilot.region} for now, around ${cities()}, so we cannot include you this time.`;
  if (outside === "cities") return `The pilot runs only around ${cities()} for now, so we cannot include you this time.`;
  return "The pilot is open only to people who meet all of its criteria, and your application does not meet them all.";
}

export function NotEligibleNotice({ payload, context }: { payload: NotEligibleNoticePayload; context: MailContext }) {
  return (
    <Layout preview="An answer about your pilot application." context={context}>
      <Heading as="h1" style={heading}>
        Thank you for applying, {payload.firstName}
      </Heading>
      <Text style={text}>
        We read your application with care, and we are not able to offer you a place in the {brand.name} pilot. {why(payload.outside)}
      </Text>
      {payload.newCityNews ? <Text style={text}>We will write if we open in a new city.</Text> : null}
      <Text style={text}>Thank you for thinking of us. If you have a question, reply to this email: a person on our team reads it.</Text>
    </Layout>
  );
}
