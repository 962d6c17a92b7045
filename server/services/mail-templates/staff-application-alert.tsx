/** To staff for each new application: who, from which page, when, and a link to the record. No form answers. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { StaffApplicationAlertPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";
import { formatUtc } from "#core/time";

/** Earlier applications are counted up to this many (REPEATS_COUNTED of the submission statement, server/services/submissions.ts). */
const COUNTED = 5;

/** How many applications came before from her address (0, or absent on rows queued before it was counted). */
const earlierOf = (payload: StaffApplicationAlertPayload) => payload.earlier ?? 0;

/** "1 earlier", "2 earlier", "5 or more earlier". */
const earlierWords = (n: number) => (n >= COUNTED ? `${COUNTED} or more earlier` : `${n} earlier`);

export const subject = (payload: StaffApplicationAlertPayload) =>
  earlierOf(payload) > 0
    ? `Repeat application (${earlierWords(earlierOf(payload))}): ${payload.firstName} ${payload.lastName} (${payload.formSource})`
    : `New application: ${payload.firstName} ${payload.lastName} (${payload.formSource})`;

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
        {earlierOf(payload) > 0 ? "Repeat pilot application" : "New pilot application"}
      </Heading>
      <Text style={text}>
        {payload.firstName} {payload.lastName} ({payload.email}) applied from the {payload.formSource} form on{" "}
        {formatUtc(payload.submittedAt)}.
      </Text>
      {earlierOf(payload) > 0 ? (
        <Text style={text}>
          This is a repeat: {earlierOf(payload) === 1 ? "one earlier application" : `${earlierWords(earlierOf(payload))} applications`} came
          from the same address. The record lists them under "Other applications from this email address", so the team can keep one and answer her once.
        </Text>
      ) : null}
      <Button href={recordUrl(payload, context)} style={button}>
        Open the application
      </Button>
    </Layout>
  );
}
