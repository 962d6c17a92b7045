/** To staff when a webhook endpoint was disabled (a 410 answer, or five days of failed deliveries). No personal data. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { StaffWebhookDisabledPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (payload: StaffWebhookDisabledPayload) => `Webhook endpoint disabled: ${payload.description || new URL(payload.url).host}`;

export function StaffWebhookDisabled({ payload, context }: { payload: StaffWebhookDisabledPayload; context: MailContext }) {
  return (
    <Layout preview="A webhook endpoint was disabled" context={context} staff>
      <Heading as="h1" style={heading}>
        Webhook endpoint disabled
      </Heading>
      <Text style={text}>
        The endpoint{payload.description ? ` ${payload.description}` : ""} no longer receives events: {payload.reason}. Events
        for it wait until a super admin enables it again; failed deliveries can be replayed from the admin.
      </Text>
      <Text style={text}>
        Its address:
        <br />
        {payload.url}
      </Text>
      <Button href={`${context.siteUrl}/admin?tab=webhooks`} style={button}>
        Open the webhooks
      </Button>
    </Layout>
  );
}
