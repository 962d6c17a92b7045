/** To the sender of a contact message: received, answered within the response time; quotes nothing she wrote. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { ContactAcknowledgementPayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: ContactAcknowledgementPayload) => `We received your message to ${brand.name}`;

export function ContactAcknowledgement({
  context,
}: {
  payload: ContactAcknowledgementPayload;
  context: MailContext;
}) {
  return (
    <Layout preview={`We'll get back to you within ${brand.contact.responseTime}.`} context={context}>
      <Heading as="h1" style={heading}>
        Thank you for writing to us
      </Heading>
      <Text style={text}>We received your message.</Text>
      <Text style={text}>We&apos;ll get back to you within {brand.contact.responseTime}.</Text>
      <Text style={text}>
        If something is urgent, call us at {brand.contact.phone}. In a medical emergency call{" "}
        {brand.contact.emergencyNumber}.
      </Text>
    </Layout>
  );
}
