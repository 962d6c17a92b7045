/** To staff when a freed place was offered to the next waitlisted applicant automatically. No form answers. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { StaffPromotionAlertPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (payload: StaffPromotionAlertPayload) => `Place offered from the waitlist: ${payload.firstName} ${payload.lastName}`;

const CAUSES: Record<StaffPromotionAlertPayload["cause"], string> = {
  declined: "an offer was declined",
  expired: "an offer expired",
  withdrawn: "an applicant withdrew",
};

export function StaffPromotionAlert({ payload, context }: { payload: StaffPromotionAlertPayload; context: MailContext }) {
  return (
    <Layout preview="A place was offered from the waitlist" context={context} staff>
      <Heading as="h1" style={heading}>
        Place offered from the waitlist
      </Heading>
      <Text style={text}>
        A place came free ({CAUSES[payload.cause]}), so {payload.firstName} {payload.lastName}, first eligible on the
        waitlist, was offered it automatically.
      </Text>
      <Button href={`${context.siteUrl}/admin/applications/${payload.applicationId}`} style={button}>
        Open the application
      </Button>
    </Layout>
  );
}
