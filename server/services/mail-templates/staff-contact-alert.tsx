/** To staff (or the reason's inquiry mailbox) for each new contact message: who, which topic, when, a link. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { contactReasonLabel } from "#core/options";
import type { StaffContactAlertPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";
import { formatUtc } from "#core/time";

export const subject = (payload: StaffContactAlertPayload) =>
  `New contact message: ${contactReasonLabel(payload.reason)} from ${payload.firstName} ${payload.lastName}`;

export const recordUrl = (payload: StaffContactAlertPayload, context: MailContext) =>
  `${context.siteUrl}/admin/contact/${payload.contactMessageId}`;

export function StaffContactAlert({ payload, context }: { payload: StaffContactAlertPayload; context: MailContext }) {
  return (
    <Layout preview={`New contact message: ${contactReasonLabel(payload.reason)}`} context={context} staff>
      <Heading as="h1" style={heading}>
        New contact message
      </Heading>
      <Text style={text}>
        {payload.firstName} {payload.lastName} ({payload.email}) wrote about “{contactReasonLabel(payload.reason)}” on{" "}
        {formatUtc(payload.submittedAt)}. Reply to this email to answer them directly.
      </Text>
      <Button href={recordUrl(payload, context)} style={button}>
        Open the message
      </Button>
    </Layout>
  );
}
