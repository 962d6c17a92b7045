/** To the applicant after every stored application: what happens next, the pilot facts, how to reach us. */
import { Button, Heading, Section, Text } from "@react-email/components";
import { brand, facts } from "#core/brand";
import { nextSteps } from "#core/next-steps";
import { Fragment } from "react";
import type { ApplicationConfirmationPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: ApplicationConfirmationPayload) => `Your ${brand.name} pilot application is in`;

export function ApplicationConfirmation({
  payload,
  context,
}: {
  payload: ApplicationConfirmationPayload;
  context: MailContext;
}) {
  // The places when she applied; a row queued before they were live settings says the first value.
  const capacity = payload.capacity ?? brand.pilot.spots;
  const all = nextSteps(capacity, payload.toWaitlist ?? false);
  // The page's first and last steps, said the way an email says them.
  const steps = all.map((step, i) => {
    if (i === 0) return { title: "Read the details", body: `This is that email: the pilot facts and your early-join perks, including ${facts.storage} (${facts.storageValue} value), are below.` };
    if (i === all.length - 1) {
      return { ...step, body: `Know someone thinking about egg freezing? Share the pilot with her:\n${context.siteUrl}/` };
    }
    return step;
  });
  return (
    <Layout preview={`Thank you for applying to the ${brand.name} pilot. Here is what happens next.`} context={context}>
      <Heading as="h1" style={heading}>
        Thank you for applying!
      </Heading>
      <Text style={text}>Your application to the {brand.name} pilot is in. Here is what happens next.</Text>
      {steps.map((step, i) => (
        <Section key={step.title} style={{ margin: "0 0 12px" }}>
          <Text style={{ ...text, fontWeight: 600, margin: "0 0 4px" }}>
            {i + 1}. {step.title}
          </Text>
          <Text style={{ ...text, margin: 0 }}>
            {/* A line break before the site's address, so the plain-text part has it on its own line. */}
            {step.body.split("\n").map((line, j) => (
              <Fragment key={line}>
                {j > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </Text>
        </Section>
      ))}
      <Heading as="h2" style={{ ...heading, fontSize: "20px", margin: "24px 0 12px" }}>
        The pilot at a glance
      </Heading>
      <Text style={text}>
        {facts.price} instead of {facts.regularPrice} ({facts.discount}), {facts.storage} ({facts.storageValue}{" "}
        value), {facts.spotsLine(capacity)}, in {facts.cities}.
      </Text>
      <Text style={text}>
        Questions? Reply to this email, write to {brand.contact.general} or call {brand.contact.phone}. We answer within{" "}
        {brand.contact.responseTime}.
      </Text>
      <Button href={`${context.siteUrl}/`} style={button}>
        Visit {brand.name}
      </Button>
    </Layout>
  );
}
