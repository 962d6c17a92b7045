/**
 * The second step of an answer that cannot be taken back (decline a place, withdraw): what it means, then the
 * confirming button (a form POST, no JavaScript needed) beside the way back, which keeps everything as it was.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatDeadline } from "#core/time";
import { Button, buttonVariants } from "~/components/ui/button";
import { Rich, usePageWords } from "~/lib/page-words";

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
  const { t, locale } = usePageWords();
  return (
    <ConfirmStep title={t("decline.title", { name: props.firstName })} field={props.field} confirmLabel={t("decline.confirm")} keepLabel={t("decline.keep")} busy={props.busy}>
      <Rich text={t("decline.body")} parts={{ deadline: <strong className="text-ink">{formatDeadline(props.expiresAt, props.timeZone, locale)}</strong> }} />
    </ConfirmStep>
  );
}

/** Accept (a form POST) beside Decline (the link to the step that asks once more): the offer page and her page. */
export function OfferAnswerForm(props: { field: string; declineHref: string; busy: boolean }) {
  const { t } = usePageWords();
  return (
    <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Button type="submit" name={props.field} value="accept" disabled={props.busy}>
        {t("offerAnswer.accept")}
      </Button>
      <Link to={props.declineHref} className={buttonVariants({ variant: "outline" })}>
        {t("offerAnswer.decline")}
      </Link>
    </Form>
  );
}

