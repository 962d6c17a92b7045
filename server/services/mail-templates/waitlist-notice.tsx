/**
 * She is on the priority waitlist: why (the places are full only when they are), and her number when she
 * can be offered a place. The number only gets smaller as places are offered; if it grows, she is told
 * again (ADR 0087). A woman who does not meet the criteria is kept informed, without a number.
 */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { WaitlistNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: WaitlistNoticePayload) => `You are on the ${brand.name} priority waitlist`;

/** The promise that keeps a number true: it only gets smaller, or we write again. */
export const NUMBER_PROMISE = "That number only gets smaller as places are offered; if it ever goes up, we will write to tell you.";

export function WaitlistNotice({ payload, context }: { payload: WaitlistNoticePayload; context: MailContext }) {
  const numbered = typeof payload.position === "number";
  return (
    <Layout preview={numbered ? `You are number ${payload.position} on the waitlist.` : "You are on the priority waitlist."} context={context}>
      <Heading as="h1" style={heading}>
        You are on the priority waitlist, {payload.firstName}
      </Heading>
      {numbered ? (
        <>
          <Text style={text}>
            {payload.placesFull
              ? "Every place in the pilot is taken or offered for now."
              : "Not every place in the pilot is taken, but we offer them in turn as our team finishes its reviews, and we cannot offer you one yet."}{" "}
            You are <strong>number {payload.position}</strong> on the priority waitlist. {NUMBER_PROMISE}
          </Text>
          <Text style={text}>When a place comes free for you, we offer it by email.</Text>
        </>
      ) : (
        <Text style={text}>
          Places in the pilot go first to people who meet all of its criteria, so we cannot give you a number on the waitlist.
          We are keeping your application with us all the same, and we will keep you informed.
        </Text>
      )}
    </Layout>
  );
}
