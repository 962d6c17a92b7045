/**
 * A place in the pilot, with Accept and Decline buttons to the single-use answer page and its deadline in her
 * own time zone, named. Sent again (a fresh link) when staff resend the offer or move its deadline later.
 */
import { Button, Heading, Section, Text } from "@react-email/components";
import { brand, facts } from "#core/brand";
import { applicantTimeZone, formatDeadline } from "#core/time";
import type { PlaceOfferPayload } from "./kinds";
import { absoluteUrl, button, colors, heading, Layout, type MailContext, text } from "./layout";

export const subject = (payload: PlaceOfferPayload) =>
  payload.occasion === "extended"
    ? `More time to answer your ${brand.name} pilot offer`
    : `A place in the ${brand.name} pilot is yours`;

/** Accept and Decline, each opening the offer page where she confirms (the offer and its reminder). */
export function OfferAnswerButtons({ page }: { page: string }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Button href={`${page}?answer=accept`} style={{ ...button, marginRight: "12px" }}>
        Accept my place
      </Button>
      <Button href={`${page}?answer=decline`} style={{ ...button, backgroundColor: colors.muted }}>
        Decline
      </Button>
    </Section>
  );
}

export function PlaceOffer({ payload, context }: { payload: PlaceOfferPayload; context: MailContext }) {
  const page = absoluteUrl(payload.offerPath ?? "/", context);
  const deadline = formatDeadline(payload.expiresAt, applicantTimeZone(payload.timeZone));
  return (
    <Layout preview={`Please answer by ${deadline}.`} context={context}>
      <Heading as="h1" style={heading}>
        A place is yours, {payload.firstName}
      </Heading>
      {payload.occasion === "extended" ? (
        <Text style={text}>We have given you more time to answer the offer of your place. The new deadline is below.</Text>
      ) : payload.occasion === "resent" ? (
        <Text style={text}>
          We are sending your offer again. Please use the buttons in this email: the link in our earlier email no longer
          works.
        </Text>
      ) : null}
      <Text style={text}>
        We are glad to offer you a place in the {brand.name} pilot in {facts.cities}. Accepting holds your place at the
        pilot price of {facts.price} (regularly {facts.regularPrice}), paid later by monthly financing or upfront.
        Nothing is paid when you accept: our care team writes to you within 24 hours to plan your first visit and the
        payment.
      </Text>
      <Text style={text}>
        Please answer by <strong>{deadline}</strong>. After that the place goes to the next person on the waitlist and
        you join the waitlist.
      </Text>
      <OfferAnswerButtons page={page} />
      <Text style={text}>Each button opens a page where you confirm your answer. Nothing changes until you press it there.</Text>
    </Layout>
  );
}
