/**
 * The second step of an answer that cannot be taken back (decline a place, withdraw): what it means, then the
 * confirming button (a form POST, no JavaScript needed) beside the way back, which keeps everything as it was.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatDeadline } from "#core/time";
import { Button, buttonVariants } from "~/components/ui/button";

export function ConfirmStep(props: { title: string; children: ReactNode; field: { name: string; value: string }; confirmLabel: string; keepLabel: string; busy: boolean }) {
  return (
    <>
      <h1 className="font-display text-3xl font-semibold text-ink">{props.title}</h1>
      <p className="mt-3 text-ink-muted">{props.children}</p>
      <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button type="submit" name={props.field.name} value={props.field.value} variant="outline" disabled={props.busy}>
          {props.confirmLabel}
        </Button>
        <Link to="?" className={buttonVariants()}>
          {props.keepLabel}
        </Link>
      </Form>
    </>
  );
}

/** Declining a place, asked once more: on the offer's own page and on her page (the field each posts differs). */
export function DeclinePlaceStep(props: { firstName: string; expiresAt: string; timeZone: string; field: { name: string; value: string }; busy: boolean }) {
  return (
    <ConfirmStep title={`Decline your place, ${props.firstName}?`} field={props.field} confirmLabel="Yes, decline my place" keepLabel="Keep my offer" busy={props.busy}>
      If you decline, your place goes to the next woman on the waitlist straight away and cannot be given back. You have
      until <strong className="text-ink">{formatDeadline(props.expiresAt, props.timeZone)}</strong> to decide.
    </ConfirmStep>
  );
}

/** Accept (a form POST) beside Decline (the link to the step that asks once more): the offer page and her page. */
export function OfferAnswerForm(props: { field: string; declineHref: string; busy: boolean }) {
  return (
    <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Button type="submit" name={props.field} value="accept" disabled={props.busy}>
        Accept my place
      </Button>
      <Link to={props.declineHref} className={buttonVariants({ variant: "outline" })}>
        Decline the place
      </Link>
    </Form>
  );
}

