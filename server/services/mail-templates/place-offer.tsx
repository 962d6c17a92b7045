/** A place in the pilot, with Accept and Decline buttons to the single-use answer page and its deadline. */
import { Button, Heading, Section, Text } from "@react-email/components";
import { brand, facts } from "#core/brand";
import type { PlaceOfferPayload } from "./kinds";
import { absoluteUrl, button, colors, heading, Layout, type MailContext, text } from "./layout";
import { formatUtc } from "#core/time";

export const subject = (_payload: PlaceOfferPayload) => `A place in the ${brand.name} pilot is yours`;

export function PlaceOffer({ payload, context }: { payload: PlaceOfferPayload; context: MailContext }) {
  const page = absoluteUrl(payload.offerPath, context);
  return (
    <Layout preview={`Please answer by ${formatUtc(payload.expiresAt)}.`} context={context}>
      <Heading as="h1" style={heading}>
        A place is yours, {payload.firstName}
      </Heading>
      <Text style={text}>
        We are glad to offer you a place in the {brand.name} pilot in {facts.cities}.
      </Text>
      <Text style={text}>
        Please answer by <strong>{formatUtc(payload.expiresAt)}</strong>. After that the place goes to the next person on
        the waitlist and you join the waitlist.
      </Text>
      <Section style={{ margin: "0 0 16px" }}>
        <Button href={`${page}?answer=accept`} style={{ ...button, marginRight: "12px" }}>
          Accept my place
        </Button>
        <Button href={`${page}?answer=decline`} style={{ ...button, backgroundColor: colors.muted }}>
          Decline
        </Button>
      </Section>
      <Text style={text}>Each button opens a page where you confirm your answer. Nothing changes until you press it there.</Text>
    </Layout>
  );
}
