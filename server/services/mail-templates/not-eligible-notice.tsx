/**
 * She does not meet the pilot's criteria: a warm, plain answer. Where she lives outside the pilot's area
 * she is told where it runs for now; a new city is promised only with her marketing consent. Which other
 * criterion she missed is never named (it would repeat a form answer).
 */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import type { NotEligibleNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const subject = (_payload: NotEligibleNoticePayload, words: MailWords) => words.t("email.notEligible.subject", { brand: brand.name });

function why(outside: NotEligibleNoticePayload["outside"], words: MailWords): string {
  const cities = brand.pilot.cities.join(` ${words.t("email.and")} `);
  if (outside === "region") return words.t("email.notEligible.region", { region: brand.pilot.region, cities });
  if (outside === "cities") return words.t("email.notEligible.cities", { cities });
  return words.t("email.notEligible.criteria");
}

export function NotEligibleNotice({ payload, context }: { payload: NotEligibleNoticePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.notEligible.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.notEligible.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.notEligible.body", { brand: brand.name, why: why(payload.outside, words) })}</Text>
      {payload.newCityNews ? <Text style={text}>{words.t("email.notEligible.newCity")}</Text> : null}
      <Text style={text}>{words.t("email.notEligible.thanks")}</Text>
    </Layout>
  );
}
