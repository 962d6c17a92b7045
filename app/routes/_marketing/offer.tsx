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
import { pageMetaWords } from "~/lib/page-meta";
import { QuestionsLine } from "~/components/site/questions-line";
import { pageLanguage } from "~/lib/page-language.server";
import { type PageWords, Rich, usePageWords } from "~/lib/page-words";
import { responseTimeIn } from "#core/pipeline/applicant-words";
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

/** Her language, from the application the link names; the request's for a link that names none (ADR 0112). */
async function i18nOf(context: Route.LoaderArgs["context"], token: string | undefined) {
  const { offers, language } = context.get(requestContext);
  return pageLanguage((await offers?.language(token).catch(() => null)) ?? language);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const offers = context.get(requestContext).offers;
  const page: PageState = offers ? await offers.view(params.token).catch(() => UNAVAILABLE) : UNAVAILABLE;
  return data({ page, i18n: await i18nOf(context, params.token) }, { status: answerStatus(page), headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const offers = context.get(requestContext).offers;
  const form = await request.formData().catch(() => null);
  const answer = form?.get("answer");
  let page: PageState;
  if (!offers) page = UNAVAILABLE;
  else if (answer !== "accept" && answer !== "decline") page = { state: "bad_answer" };
  else page = await offers.answer(params.token, answer).catch(() => UNAVAILABLE);
  return data({ page, i18n: await i18nOf(context, params.token) }, { status: answerStatus(page), headers: { "Referrer-Policy": "no-referrer" } });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "offer.meta.title", description: "offer.meta.description" }), noindex: true });
}

function message(page: PageState, words: PageWords): { title: string; body: string; tone: "status" | "alert" } | null {
  const { t, locale } = words;
  const positionText = (position: number | null) => (position ? t("offer.position", { position }) : t("offer.positionNone"));
  switch (page.state) {
    case "open":
      return null;
    case "accepted":
      return { title: t("offer.accepted.title"), body: t("offer.accepted.body", { brand: brand.name, responseTime: responseTimeIn(words) }), tone: "status" };
    case "declined":
      return { title: t("offer.declined.title"), body: t("offer.declined.body"), tone: "status" };
    case "already":
      return {
        title: t("offer.already.title"),
        body: page.outcome === "accepted" ? t("offer.already.accepted") : page.outcome === "declined" ? t("offer.already.declined") : t("offer.already.closed"),
        tone: "status",
      };
    case "expired":
      return "position" in page
        ? { title: t("offer.expired.title"), body: t("offer.expired.moved", { position: positionText(page.position) }), tone: "alert" }
        : { title: t("offer.expired.title"), body: t("offer.expired.deadline", { deadline: formatDeadline(page.expiresAt, page.timeZone, locale) }), tone: "alert" };
    case "closed":
      return { title: t("offer.closed.title"), body: page.position ? positionText(page.position) : t("offer.closed.question"), tone: "alert" };
    case "replaced":
      return { title: t("offer.replaced.title"), body: t("offer.replaced.body"), tone: "status" };
    case "invalid":
      return { title: t("offer.invalid.title"), body: t("offer.invalid.body"), tone: "alert" };
    case "bad_answer":
      return { title: t("offer.bad.title"), body: t("offer.bad.body"), tone: "alert" };
    default:
      return { title: t("offer.unavailable.title"), body: t("offer.unavailable.body"), tone: "alert" };
  }
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const words = usePageWords();
  const { t, locale } = words;
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const confirmingDecline = search.get("answer") === "decline";
  const page: PageState = actionData?.page ?? loaderData.page;
  const busy = navigation.state === "submitting";
  const shown = message(page, words);
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {page.state === "open" && confirmingDecline ? (
          <DeclinePlaceStep firstName={page.firstName} expiresAt={page.expiresAt} timeZone={page.timeZone} field={{ name: "answer", value: "decline" }} busy={busy} />
        ) : page.state === "open" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">{t("offer.heading", { name: page.firstName })}</h1>
            <p className="mt-3 text-ink-muted">
              <Rich
                text={t("offer.body", { brand: brand.name })}
                parts={{ deadline: <strong className="text-ink">{formatDeadline(page.expiresAt, page.timeZone, locale)}</strong> }}
              />
            </p>
            <OfferAnswerForm field="answer" declineHref="?answer=decline" busy={busy} />
            <p className="mt-4 text-sm text-ink-muted">{t("offer.counts")}</p>
          </>
        ) : shown ? (
          <div role={shown.tone}>
            <h1 className="font-display text-3xl font-semibold text-ink">{shown.title}</h1>
            <p className="mt-3 text-ink-muted">{shown.body}</p>
          </div>
        ) : null}
        <QuestionsLine />
        <div className="mt-6">
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            {t("offer.home")}
          </Link>
        </div>
      </div>
    </div>
  );
}
