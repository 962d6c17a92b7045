/**
 * /email-change/:token: the link emailed to a new address (ADR 0099). GET shows the address and a button and changes
 * nothing (mail scanners open every link); the press confirms it, and from then on we write to that address. Works
 * without JavaScript; safe to press twice.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/components/site/seo";
import { pageMetaWords } from "~/lib/page-meta";
import { pageLanguage } from "~/lib/page-language.server";
import { Rich, usePageWords } from "~/lib/page-words";
import { type EmailChangeView, requestContext } from "~/request-context.server";
import type { Route } from "./+types/email-change";

type PageState = EmailChangeView | { state: "unavailable" };

const HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, expired: 404, unavailable: 503 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.checkEmailChange(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page, i18n: i18nOf(page, context) }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export async function action({ params, context }: Route.ActionArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.confirmEmailChange(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page, i18n: i18nOf(page, context) }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

/** Her language, from the application the link belongs to; the request's where it opens nothing (ADR 0112). */
function i18nOf(page: PageState, context: Route.LoaderArgs["context"]) {
  return pageLanguage("language" in page ? page.language : context.get(requestContext).language);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "emailChange.meta.title", description: "emailChange.meta.description" }), noindex: true });
}

export default function EmailChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = usePageWords();
  const navigation = useNavigation();
  const page: PageState = actionData?.page ?? loaderData.page;
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {page.state === "open" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">{t("emailChange.heading")}</h1>
            <p className="mt-3 text-ink-muted">
              <Rich text={t("emailChange.body", { brand: brand.name })} parts={{ email: <strong className="text-ink">{page.email}</strong> }} />
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? t("emailChange.confirming") : t("emailChange.confirm")}
              </Button>
            </Form>
          </>
        ) : page.state === "confirmed" ? (
          <output className="block">
            <span className="block font-display text-3xl font-semibold text-ink">{t("emailChange.confirmed")}</span>
            <span className="mt-3 block text-ink-muted">
              <Rich text={t("emailChange.confirmed.body")} parts={{ email: <strong className="text-ink">{page.email}</strong> }} />
            </span>
          </output>
        ) : page.state === "unavailable" ? (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{t("emailChange.unavailable")}</h1>
            <p className="mt-3 text-ink-muted">{t("emailChange.unavailable.body")}</p>
          </div>
        ) : (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? t("emailChange.expired") : t("emailChange.invalid")}</h1>
            <p className="mt-3 text-ink-muted">
              {t("emailChange.askAgain")}{" "}
              <Link to="/a" className="font-semibold text-brand underline underline-offset-4">
                {t("emailChange.find")}
              </Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
