/**
 * To staff (STAFF_NOTIFY_TO): an applicant answered her offer, her offer expired, she withdrew, or a staff move gave
 * a place back; and what became of the place: offered to the next eligible woman, or left open because nobody
 * eligible was waiting. Names and a link to the record only, never a form answer.
 */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { SelectionEvent, StaffSelectionAlertPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

const HEADLINES: Record<SelectionEvent, string> = {
  accepted: "accepted her place",
  declined: "declined her offer",
  expired: "did not answer her offer in time",
  withdrawn: "withdrew",
  place_freed: "no longer holds a place",
};

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export const subject = (payload: StaffSelectionAlertPayload) => {
  const what = `${name(payload)} ${HEADLINES[payload.event]}`;
  return payload.placeWentTo === null ? `${what}: a place is open, nobody eligible is waiting` : what;
};

export function StaffSelectionAlert({ payload, context }: { payload: StaffSelectionAlertPayload; context: MailContext }) {
  const record = (id: string) => `${context.siteUrl}/admin/applications/${id}`;
  return (
    <Layout preview={subject(payload)} context={context} staff>
      <Heading as="h1" style={heading}>
        {name(payload)} {HEADLINES[payload.event]}
      </Heading>
      {payload.event === "accepted" ? (
        <Text style={text}>She holds her place now. She was told our care team will write to her within 24 hours.</Text>
      ) : null}
      {payload.event === "expired" ? <Text style={text}>She is back on the waitlist, at its end.</Text> : null}
      {payload.placeWentTo ? (
        <Text style={text}>
          Her place was offered automatically to {name(payload.placeWentTo)}, the first eligible woman on the waitlist.
        </Text>
      ) : payload.placeWentTo === null ? (
        <Text style={text}>Her place is open: nobody eligible is waiting on the waitlist, so nobody was offered it.</Text>
      ) : null}
      <Button href={record(payload.applicationId)} style={button}>
        Open her application
      </Button>
      {payload.placeWentTo ? (
        <Button href={record(payload.placeWentTo.applicationId)} style={{ ...button, marginLeft: "12px" }}>
          Open {payload.placeWentTo.firstName}'s application
        </Button>
      ) : null}
    </Layout>
  );
}
