/**
 * A place in the pilot, with Accept and Decline buttons to the single-use answer page and its deadline in her
 * own time zone, named. Sent again (a fresh link) when staff resend the offer or move its deadline later.
 */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { brand, facts } from "#core/brand";
import { applicantTimeZone, formatDeadline } from "#core/time";
import type { PlaceOfferPayload } from "./kinds";
import { absoluteUrl, button, colors, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (payload: PlaceOfferPayload, words: MailWords) =>
  payload.occasion === "extended" ? words.t("email.offer.subjectExtended", { brand: brand.name }) : words.t("email.offer.subject", { brand: brand.name });

/** Accept and Decline, each opening the offer page where she confirms (the offer and its reminder). */
export function OfferAnswerButtons({ page, words }: { page: string; words: MailWords }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Button href={`${page}?answer=accept`} style={{ ...button, marginRight: "12px" }}>
        {words.t("email.offer.accept")}
      </Button>
      <Button href={`${page}?answer=decline`} style={{ ...button, backgroundColor: colors.muted }}>
        {words.t("email.offer.decline")}
      </Button>
    </Section>
  );
}

export function PlaceOffer({ payload, context }: { payload: PlaceOfferPayload; context: MailContext }) {
  const words = wordsOf(context);
  const page = absoluteUrl(payload.offerPath ?? "/", context);
  const deadline = formatDeadline(payload.expiresAt, applicantTimeZone(payload.timeZone), words.locale);
  return (
    <Layout preview={words.t("email.offer.preview", { deadline })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.offer.heading", { name: payload.firstName })}
      </Heading>
      {payload.occasion === "extended" ? (
        <Text style={text}>{words.t("email.offer.extended")}</Text>
      ) : payload.occasion === "resent" ? (
        <Text style={text}>{words.t("email.offer.resent")}</Text>
      ) : null}
      <Text style={text}>
        {words.rich("email.offer.body", {
          brand: brand.name,
          cities: brand.pilot.cities.join(` ${words.t("email.or")} `),
          price: facts.price,
          regularPrice: facts.regularPrice,
        })}
      </Text>
      <Text style={text}>{words.rich("email.offer.answerBy", { deadline: <strong>{deadline}</strong> })}</Text>
      <OfferAnswerButtons page={page} words={words} />
      <Text style={text}>{words.t("email.offer.buttons")}</Text>
    </Layout>
  );
}
