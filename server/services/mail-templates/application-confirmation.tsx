/** To the applicant after every stored application: what happens next, the pilot facts, how to reach us. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { brand, facts } from "#core/brand";
import { Fragment } from "react";
import type { ApplicationConfirmationPayload } from "./kinds";
import { button, heading, Layout, type MailContext, type MailWords, responseTime, text, wordsOf } from "./layout";

export const subject = (_payload: ApplicationConfirmationPayload, words: MailWords) => words.t("email.confirmation.subject", { brand: brand.name });

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** The pilot's facts in the email's words (in English, word for word the `facts` of #core/brand). */
export function pilotFacts(words: MailWords, capacity: number) {
  const storageValue = words.t("email.facts.storageValue", { value: usd.format(brand.pilot.storageValue) });
  return {
    discount: words.t("email.facts.discount", { percent: brand.pilot.discountPercent }),
    storage: words.t("email.facts.storage", { years: brand.pilot.storageYears }),
    storageValue,
    // The places as written (`${capacity}`), never grouped: the words say what the page says.
    spots: words.t("email.facts.spots", { capacity: String(capacity), maxAge: brand.pilot.maxAge }),
    cities: brand.pilot.cities.join(` ${words.t("email.or")} `),
  };
}

/** What happens next, said the way an email says it (the steps of /thank-you, core/next-steps.ts, the first and last its own). */
function steps(words: MailWords, capacity: number, toWaitlist: boolean, siteUrl: string) {
  const { t } = words;
  const pilot = pilotFacts(words, capacity);
  const assessment = brand.assessmentName;
  return [
    { title: t("email.confirmation.step.details.title"), body: t("email.confirmation.step.details.body", { storage: pilot.storage, storageValue: pilot.storageValue }) },
    { title: t("email.confirmation.step.assessment.title", { assessment }), body: t("email.confirmation.step.assessment.body", { assessment }) },
    toWaitlist
      ? { title: t("email.confirmation.step.waitlist.title"), body: t("email.confirmation.step.waitlist.body", { spots: pilot.spots }) }
      : { title: t("email.confirmation.step.place.title"), body: t("email.confirmation.step.place.body", { spots: pilot.spots }) },
    { title: t("email.confirmation.step.share.title"), body: t("email.confirmation.step.share.body", { site: siteUrl }) },
  ];
}

export function ApplicationConfirmation({
  payload,
  context,
}: {
  payload: ApplicationConfirmationPayload;
  context: MailContext;
}) {
  const words = wordsOf(context);
  // The places when she applied; a row queued before they were live settings says the first value.
  const capacity = payload.capacity ?? brand.pilot.spots;
  const pilot = pilotFacts(words, capacity);
  return (
    <Layout preview={words.t("email.confirmation.preview", { brand: brand.name })} context={context}>
      <Heading as="h1" style={heading}>
        {words.t("email.confirmation.heading")}
      </Heading>
      <Text style={text}>{words.rich("email.confirmation.intro", { brand: brand.name })}</Text>
      {steps(words, capacity, payload.toWaitlist ?? false, context.siteUrl).map((step, i) => (
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
        {words.t("email.confirmation.glance")}
      </Heading>
      <Text style={text}>
        {words.rich("email.confirmation.facts", {
          price: facts.price,
          regularPrice: facts.regularPrice,
          discount: pilot.discount,
          storage: pilot.storage,
          storageValue: pilot.storageValue,
          spots: pilot.spots,
          cities: pilot.cities,
        })}
      </Text>
      <Text style={text}>
        {words.rich("email.confirmation.contact", { general: brand.contact.general, phone: brand.contact.phone, responseTime: responseTime(words) })}
      </Text>
      <Button href={`${context.siteUrl}/`} style={button}>
        {words.rich("email.confirmation.visit", { brand: brand.name })}
      </Button>
    </Layout>
  );
}
