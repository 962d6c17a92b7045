/**
 * /a/:token: her own page behind the private link of every email (ADR 0098). GET shows where she stands and what
 * happens next and changes nothing (mail scanners open every link); each action is a form POST to the same address
 * (`intent=accept|decline|withdraw`) that works without JavaScript and is safe to repeat. Declining and withdrawing ask
 * once more (`?confirm=decline|withdraw`). An expired, revoked or forged link offers a fresh one by email.
 */
import { data, Link, useNavigation, useSearchParams } from "react-router";
import { formatDeadline } from "#core/time";
import { ConfirmStep, DeclinePlaceStep, OfferAnswerForm } from "~/components/site/confirm-step";
import { KitProgress } from "~/components/site/kit-progress";
import { ConsultCancelStep, ConsultSection } from "~/components/site/consult-section";
import { PageLinkForm } from "~/components/site/page-link-form";
import { QuestionsLine } from "~/components/site/questions-line";
import { pageMeta } from "~/components/site/seo";
import { pageMetaWords } from "~/lib/page-meta";
import { pageLanguage } from "~/lib/page-language.server";
import { Rich, usePageWords } from "~/lib/page-words";
import { type ApplicantPageView, type ConsultIntent, requestContext } from "~/request-context.server";
import type { Route } from "./+types/applicant";

type PageState = (ApplicantPageView & { done?: string; consultError?: string }) | { state: "unavailable" } | { state: "bad_intent" };

const HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, expired: 404, unavailable: 503, bad_intent: 400 };
const INTENTS = new Set(["accept", "decline", "withdraw", "kit_sent"]);
const CONSULT_INTENTS = new Set(["consult_book", "consult_move", "consult_cancel"]);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const pages = context.get(requestContext).applicantPage;
  let page: PageState = pages ? await pages.view(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  // Later dates of her consult's slots (ADR 0100).
  const from = new URL(request.url).searchParams.get("from");
  if (page.state === "open" && page.slots && pages?.consult && from && /^\d{4}-\d{2}-\d{2}$/.test(from)) {
    page = { ...page, slots: (await pages.consult.slots(params.token, from).catch(() => null)) ?? [] };
  }
  return data({ page, i18n: pageLanguage(page.state === "open" ? page.language : context.get(requestContext).language) }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const pages = context.get(requestContext).applicantPage;
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  let page: PageState;
  if (!pages) page = { state: "unavailable" };
  else if (CONSULT_INTENTS.has(intent) && pages.consult) {
    page = await pages.consult.act(params.token, intent as ConsultIntent, String(form?.get("start") ?? "")).catch(() => ({ state: "unavailable" as const }));
  } else if (!INTENTS.has(intent)) page = { state: "bad_intent" };
  else page = await pages.act(params.token, intent as "accept" | "decline" | "withdraw" | "kit_sent").catch(() => ({ state: "unavailable" as const }));
  return data({ page, i18n: pageLanguage(page.state === "open" ? page.language : context.get(requestContext).language) }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "her.meta.title", description: "her.meta.description" }), noindex: true });
}

const DONE_KEYS = {
  accept: "her.done.accept",
  decline: "her.done.decline",
  withdraw: "her.done.withdraw",
  kit_sent: "her.done.kit_sent",
  nothing: "her.done.nothing",
  consult_book: "her.done.consult_book",
  consult_move: "her.done.consult_move",
  consult_cancel: "her.done.consult_cancel",
} as const;
const doneKey = (done: string) => (Object.hasOwn(DONE_KEYS, done) ? DONE_KEYS[done as keyof typeof DONE_KEYS] : DONE_KEYS.nothing);

function Open({ page, confirm, busy, search }: { page: Extract<PageState, { state: "open" }>; confirm: string | null; busy: boolean; search: URLSearchParams }) {
  const { t, locale } = usePageWords();
  if (confirm === "consult_cancel" && page.consult) return <ConsultCancelStep consult={page.consult} busy={busy} />;
  if (confirm === "withdraw" && page.canWithdraw) {
    return (
      <ConfirmStep
        title={t("her.withdraw.title", { name: page.firstName })}
        field={{ name: "intent", value: "withdraw" }}
        confirmLabel={t("her.withdraw.confirm")}
        keepLabel={t("her.withdraw.keep")}
        busy={busy}
      >
        {page.stage === "offered" || page.stage === "enrolled" ? t("her.withdraw.placeGoes") : t("her.withdraw.stopConsidering")}{" "}
        {t("her.withdraw.final")}
      </ConfirmStep>
    );
  }
  if (confirm === "decline" && page.offer) {
    return (
      <DeclinePlaceStep firstName={page.firstName} expiresAt={page.offer.expiresAt} timeZone={page.offer.timeZone} field={{ name: "intent", value: "decline" }} busy={busy} />
    );
  }
  return (
    <>
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">{t("her.eyebrow")}</p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink">{page.heading}</h1>
      {page.done ? (
        <output className="mt-4 block rounded-2xl bg-success-soft p-3 text-ink">{t(doneKey(page.done))}</output>
      ) : null}
      <p className="mt-3 text-ink-muted">{page.nextStep}</p>
      {page.offer ? (
        <>
          <p className="mt-3 text-ink-muted">
            <Rich text={t("her.answerBy")} parts={{ deadline: <strong className="text-ink">{formatDeadline(page.offer.expiresAt, page.offer.timeZone, locale)}</strong> }} />
          </p>
          <OfferAnswerForm field="intent" declineHref="?confirm=decline" busy={busy} />
        </>
      ) : null}
      {page.instructions ? (
        <div className="mt-6 rounded-2xl bg-brand-soft/50 p-4 text-left">
          <h2 className="font-semibold text-ink">{t("her.instructions")}</h2>
          <p className="mt-1 whitespace-pre-line text-ink">{page.instructions}</p>
        </div>
      ) : null}
      {page.kit ? <KitProgress kit={page.kit} busy={busy} /> : null}
      <ConsultSection
        consult={page.consult}
        slots={page.slots}
        zones={page.consultZones}
        moving={(search.get("consult") === "move" && !page.done) || (Boolean(page.consultError) && Boolean(page.consult))}
        from={search.get("from")}
        error={page.consultError}
        busy={busy}
      />
      <p className="mt-8 text-sm">
        <Link to="details" relative="path" className="font-semibold text-brand underline underline-offset-4">
          {t("her.detailsLink")}
        </Link>
      </p>
      {page.canWithdraw ? (
        <p className="mt-4 text-sm text-ink-muted">
          <Rich
            text={t("her.changedMind")}
            parts={{
              link: (
                <Link to="?confirm=withdraw" className="font-semibold text-brand underline underline-offset-4">
                  {t("her.withdrawLink")}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
    </>
  );
}

export default function ApplicantPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = usePageWords();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const page: PageState = actionData?.page ?? loaderData.page;
  const busy = navigation.state === "submitting";
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {page.state === "open" ? (
          <Open page={page} confirm={search.get("confirm")} busy={busy} search={search} />
        ) : page.state === "invalid" || page.state === "expired" ? (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? t("her.link.expired") : t("her.link.invalid")}</h1>
            <p className="mt-3 text-ink-muted">{t("her.link.askFresh")}</p>
            <PageLinkForm sent={false} busy={busy} />
          </div>
        ) : (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "bad_intent" ? t("her.badIntent") : t("her.unavailable")}</h1>
            <p className="mt-3 text-ink-muted">{t("her.unavailable.body")}</p>
          </div>
        )}
        <QuestionsLine />
      </div>
    </div>
  );
}
