/**
 * /offer/:token: the single-use link of a place offer (the Accept and Decline buttons of the offer email).
 * GET shows the offer and its deadline and changes nothing (mail scanners open every link); the answer
 * is a form POST to the same address (`answer=accept|decline`), which works without JavaScript and is
 * safe to repeat. Declining asks once more (`?answer=decline`, the email's Decline button opens it): the place
 * goes to the next woman and cannot be given back. A second answer, an expired, a replaced (a newer email was
 * sent) or a forged link each get a page that says so. Deadlines are in her own time zone, named.
 */
import { data, Link, useNavigation, useSearchParams } from "react-router";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import { DeclinePlaceStep, OfferAnswerForm } from "~/components/site/confirm-step";
import { pageMeta } from "~/components/site/seo";
import { buttonVariants } from "~/components/ui/button";
import { type OfferPageAnswer, type OfferPageView, requestContext } from "~/request-context.server";
import type { Route } from "./+types/offer";

type PageState =
  | OfferPageView
  | OfferPageAnswer
  | { state: "unavailable" }
  | { state: "bad_answer" };

const UNAVAILABLE = { state: "unavailable" } as const;

const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, unavailable: 503, bad_answer: 400 };

function answerStatus(page: PageState) {
  return STATUS[page.state] ?? 200;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const offers = context.get(requestContext).offers;
  const page: PageState = offers ? await offers.view(params.token).catch(() => UNAVAILABLE) : UNAVAILABLE;
  return data({ page }, { status: answerStatus(page), headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const offers = context.get(requestContext).offers;
  const form = await request.formData().catch(() => null);
  const answer = form?.get("answer");
  let page: PageState;
  if (!offers) page = UNAVAILABLE;
  else if (answer !== "accept" && answer !== "decline") page = { state: "bad_answer" };
  else page = await offers.answer(params.token, answer).catch(() => UNAVAILABLE);
  return data({ page }, { status: answerStatus(page), headers: { "Referrer-Policy": "no-referrer" } });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: `Your place in the pilot | ${brand.name}`, description: `Answer your ${brand.name} pilot offer.`, noindex: true });
}

const positionText = (position: number | null) =>
  position ? `You are number ${position} on the priority waitlist.` : "You are on the priority waitlist.";

function message(page: PageState): { title: string; body: string; tone: "status" | "alert" } | null {
  switch (page.state) {
    case "open":
      return null;
    case "accepted":
      return { title: "Your place is confirmed", body: `Welcome to the ${brand.name} pilot. Our care team will write within ${brand.contact.responseTime} to plan your first visit.`, tone: "status" };
    case "declined":
      return { title: "You declined the place", body: "Thank you for telling us. The place goes to the next person on the waitlist.", tone: "status" };
    case "already":
      return {
        title: "You have already answered",
        body:
          page.outcome === "accepted"
            ? "You accepted this place earlier: it is yours. Nothing has changed."
            : page.outcome === "declined"
              ? "You declined this place earlier. Nothing has changed."
              : "This offer is no longer open. Nothing has changed.",
        tone: "status",
      };
    case "expired":
      return "position" in page
        ? { title: "This offer has expired", body: `The deadline passed, so the place went to the next person. ${positionText(page.position)} We will write when a place comes free.`, tone: "alert" }
        : { title: "This offer has expired", body: `The deadline was ${formatDeadline(page.expiresAt, page.timeZone)}. The place goes to the next person, and you join the priority waitlist.`, tone: "alert" };
    case "closed":
      return { title: "This offer is no longer open", body: page.position ? positionText(page.position) : "Write to us if you have a question about your application.", tone: "alert" };
    case "replaced":
      return {
        title: "We sent you a newer link",
        body: "This link was replaced by the one in our most recent email about your offer. Please open that email to answer. Nothing has changed.",
        tone: "status",
      };
    case "invalid":
      return { title: "This link is not valid", body: "The link is incomplete or was changed. Use the buttons in your most recent offer email, or write to us.", tone: "alert" };
    case "bad_answer":
      return { title: "Choose Accept or Decline", body: "Your answer did not reach us. Open the link from your email again and press one of the two buttons.", tone: "alert" };
    default:
      return { title: "Answering is not available right now", body: "Nothing was changed. Please try again in a few minutes, or write to us.", tone: "alert" };
  }
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const confirmingDecline = search.get("answer") === "decline";
  const page: PageState = actionData?.page ?? loaderData.page;
  const busy = navigation.state === "submitting";
  const shown = message(page);
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {page.state === "open" && confirmingDecline ? (
          <DeclinePlaceStep firstName={page.firstName} expiresAt={page.expiresAt} timeZone={page.timeZone} field={{ name: "answer", value: "decline" }} busy={busy} />
        ) : page.state === "open" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">A place is yours, {page.firstName}</h1>
            <p className="mt-3 text-ink-muted">
              You are offered a place in the {brand.name} pilot. Please answer by{" "}
              <strong className="text-ink">{formatDeadline(page.expiresAt, page.timeZone)}</strong>.
            </p>
            <OfferAnswerForm field="answer" declineHref="?answer=decline" busy={busy} />
            <p className="mt-4 text-sm text-ink-muted">Your answer counts once you press a button. You can come back to this page until the deadline.</p>
          </>
        ) : shown ? (
          <div role={shown.tone}>
            <h1 className="font-display text-3xl font-semibold text-ink">{shown.title}</h1>
            <p className="mt-3 text-ink-muted">{shown.body}</p>
          </div>
        ) : null}
        <p className="mt-6 text-sm text-ink-muted">
          Questions? Write to{" "}
          <a className="font-semibold text-brand underline underline-offset-4" href={`mailto:${brand.contact.general}`}>
            {brand.contact.general}
          </a>
          .
        </p>
        <div className="mt-6">
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
