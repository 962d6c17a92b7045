/**
 * Her new email address (ADR 0099): the confirmation link, sent to the new address with nothing of hers in it, and the
 * notice to the old address once the change counts.
 */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { EmailChangeConfirmPayload, EmailChangedNoticePayload } from "./kinds";
import { button, greeting, heading, Layout, type MailContext, text } from "./layout";

export const confirmSubject = (_payload: EmailChangeConfirmPayload) => `Confirm your new address for ${brand.name}`;

export function EmailChangeConfirm({ context }: { payload: EmailChangeConfirmPayload; context: MailContext }) {
  return (
    <Layout preview="Confirm this address for your application." context={context}>
      <Heading as="h1" style={heading}>
        Confirm your new address
      </Heading>
      <Text style={text}>
        Someone asked to use this address for an application to the {brand.name} pilot. If it was you, confirm it: from then
        on, we write to you here. The link works for 48 hours.
      </Text>
      {context.emailChangeUrl ? (
        <Button href={context.emailChangeUrl} style={button}>
          Confirm this address
        </Button>
      ) : null}
      <Text style={text}>If it was not you, ignore this email: nothing changes.</Text>
    </Layout>
  );
}

export const noticeSubject = (_payload: EmailChangedNoticePayload) => `The address on your ${brand.name} application changed`;

export function EmailChangedNotice({ payload, context }: { payload: EmailChangedNoticePayload; context: MailContext }) {
  return (
    <Layout preview="We now write to your new address." context={context}>
      <Heading as="h1" style={heading}>
        {greeting("Your address changed", payload.firstName)}
      </Heading>
      <Text style={text}>
        The email address on your {brand.name} pilot application was changed and confirmed from your application's page. We
        write to the new address from now on, and no longer to this one.
      </Text>
      <Text style={text}>
        If you did not make this change, reply to this email or call {brand.contact.phone} straight away, and we will put it
        right with you.
      </Text>
    </Layout>
  );
}
