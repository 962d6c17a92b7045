/** Staff withdrew her application: she is told plainly, and how to reach us if it was not what she wanted. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { WithdrawalNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: WithdrawalNoticePayload) => `Your ${brand.name} pilot application is withdrawn`;

export function WithdrawalNotice({ payload, context }: { payload: WithdrawalNoticePayload; context: MailContext }) {
  return (
    <Layout preview="Your application is withdrawn." context={context}>
      <Heading as="h1" style={heading}>
        Your application is withdrawn, {payload.firstName}
      </Heading>
      <Text style={text}>
        We have withdrawn your application to the {brand.name} pilot, so you will not hear from us about a place in it.
      </Text>
      <Text style={text}>
        If this is not what you wanted, reply to this email or call {brand.contact.phone}, and we will look into it with you.
        Thank you for the time you gave us.
      </Text>
    </Layout>
  );
}
