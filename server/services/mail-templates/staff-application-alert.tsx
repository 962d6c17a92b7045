/** To staff for each new application: who, from which page, when, and a link to the record. No form answers. */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { StaffApplicationAlertPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";
import { formatUtc } from "#core/time";

export const subject = (payload: StaffApplicationAlertPayload) =>
  `New application: ${payload.firstName} ${payload.lastName} (${payload.formSource})`;

export const recordUrl = (payload: StaffApplicationAlertPayload, context: MailContext) =>
  `${context.siteUrl}/admin/applications/${payload.applicationId}`;

export function StaffApplicationAlert({
  payload,
  context,
}: {
  payload: StaffApplicationAlertPayload;
  context: MailContext;
}) {
  return (
    <Layout preview={`New ${brand.name} pilot application`} context={context} staff>
      <Heading as="h1" style={heading}>
        New pilot application
      </Heading>
      <Text style={text}>
        {payload.firstName} {payload.lastName} ({payload.email}) applied from the {payload.formSource} form on{" "}
        {formatUtc(payload.submittedAt)}.
      </Text>
      <Button href={recordUrl(payload, context)} style={button}>
        Open the application
      </Button>
    </Layout>
  );
}
