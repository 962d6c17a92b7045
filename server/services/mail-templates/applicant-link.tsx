/** A fresh link to her own page, asked for on the site (ADR 0098). Nothing else: no stage, no form answer. */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { ApplicantLinkPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: ApplicantLinkPayload) => `Your link to your ${brand.name} application`;

export function ApplicantLink({ payload, context }: { payload: ApplicantLinkPayload; context: MailContext }) {
  return (
    <Layout preview="Your private link to your application." context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        Your application, {payload.firstName}
      </Heading>
      <Text style={text}>
        You asked for a link to your {brand.name} pilot application. It shows where you stand and what happens next, and
        lets you answer an offer or withdraw. Keep it to yourself: anyone with the link can see your page.
      </Text>
      {context.applicantPageUrl ? (
        <Button href={context.applicantPageUrl} style={button}>
          Open my application
        </Button>
      ) : null}
      <Text style={text}>If you did not ask for it, you can ignore this email: nothing changes.</Text>
    </Layout>
  );
}
