/** After an accepted offer: the place is hers and what happens next. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { PlaceConfirmedPayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: PlaceConfirmedPayload) => `Your place in the ${brand.name} pilot is confirmed`;

export function PlaceConfirmed({ payload, context }: { payload: PlaceConfirmedPayload; context: MailContext }) {
  return (
    <Layout preview="Your place is confirmed." context={context}>
      <Heading as="h1" style={heading}>
        Welcome to the pilot, {payload.firstName}
      </Heading>
      <Text style={text}>Your place in the {brand.name} pilot is confirmed. Our care team will write within {brand.contact.responseTime} to plan your first visit.</Text>
    </Layout>
  );
}
