/**
 * /a/:token: her own page behind the private link of every email (ADR 0098). GET shows where she stands and what
 * happens next and changes nothing (mail scanners open every link); each action is a form POST to the same address
 * (`intent=accept|decline|withdraw`) that works without JavaScript and is safe to repeat. Declining and withdrawing ask
 * once more (`?confirm=decline|withdraw`). An expired, revoked or forged link offers a fresh one by email.
 */
import { data, Link, useNavigation, useSearchParams } from "react-router";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import { ConfirmStep, DeclinePlaceStep, OfferAnswerForm } from "~/components/site/confirm-step";
import { KitProgress } from "~/components/site/kit-progress";
import { CONSULT_DONE_WORDS, ConsultCancelStep, ConsultSection } from "~/components/site/consult-section";
import { PageLinkForm } from "~/components/site/page-link-form";
import { pageMeta } from "~/components/site/seo";
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
  return data({ page }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
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
  return data({ page }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: `Your application | ${brand.name}`, description: `Your ${brand.name} pilot application.`, noindex: true });
}

const DONE_WORDS: Record<string, string> = {
  accept: "Your answer is in: you accepted your place.",
  decline: "Your answer is in: you declined your place, and it goes to the next woman waiting.",
  withdraw: "Your application is withdrawn. We have told the team.",
  kit_sent: "Thank you: we have noted that your kit is on its way.",
  nothing: "Nothing changed: that is no longer possible for your application.",
  ...CONSULT_DONE_WORDS,
};

function Open({ page, confirm, busy, search }: { page: Extract<PageState, { state: "open" }>; confirm: string | null; busy: boolean; search: URLSearchParams }) {
  if (confirm === "consult_cancel" && page.consult) return <ConsultCancelStep consult={page.consult} busy={busy} />;
  if (confirm === "withdraw" && page.canWithdraw) {
    return (
      <ConfirmStep
        title={`Withdraw your application, ${page.firstName}?`}
        field={{ name: "intent", value: "withdraw" }}
        confirmLabel="Yes, withdraw my application"
        keepLabel="Keep my application"
        busy={busy}
      >
        {page.stage === "offered" || page.stage === "enrolled"
          ? "Your place goes to the next woman waiting straight away and cannot be given back."
          : "We stop considering you for a place in this pilot."}{" "}
        This cannot be undone from this page.
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
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">Your application</p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink">{page.heading}</h1>
      {page.done ? (
        <output className="mt-4 block rounded-2xl bg-success-soft p-3 text-ink">{DONE_WORDS[page.done] ?? DONE_WORDS.nothing}</output>
      ) : null}
      <p className="mt-3 text-ink-muted">{page.nextStep}</p>
      {page.offer ? (
        <>
          <p className="mt-3 text-ink-muted">
            Please answer by <strong className="text-ink">{formatDeadline(page.offer.expiresAt, page.offer.timeZone)}</strong>.
          </p>
          <OfferAnswerForm field="intent" declineHref="?confirm=decline" busy={busy} />
        </>
      ) : null}
      {page.instructions ? (
        <div className="mt-6 rounded-2xl bg-brand-soft/50 p-4 text-left">
          <h2 className="font-semibold text-ink">From the clinical team</h2>
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
          My details and emails
        </Link>
      </p>
      {page.canWithdraw ? (
        <p className="mt-4 text-sm text-ink-muted">
          Changed your mind?{" "}
          <Link to="?confirm=withdraw" className="font-semibold text-brand underline underline-offset-4">
            Withdraw my application
          </Link>
        </p>
      ) : null}
    </>
  );
}

export default function ApplicantPage({ loaderData, actionData }: Route.ComponentProps) {
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
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? "This link has expired" : "This link does not open an application"}</h1>
            <p className="mt-3 text-ink-muted">Enter the address you applied with and we will email you a fresh link.</p>
            <PageLinkForm sent={false} busy={busy} />
          </div>
        ) : (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "bad_intent" ? "Choose one of the buttons" : "Your page is not available right now"}</h1>
            <p className="mt-3 text-ink-muted">Nothing was changed. Please open the link from your email again, or write to us.</p>
          </div>
        )}
        <p className="mt-6 text-sm text-ink-muted">
          Questions? Write to{" "}
          <a className="font-semibold text-brand underline underline-offset-4" href={`mailto:${brand.contact.general}`}>
            {brand.contact.general}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
