/**
 * /unsubscribe?token=…: the signed link from the footer and the List-Unsubscribe header of our emails.
 * GET shows one button and changes nothing; POST (the button, or a mail client's RFC 8058 one-click
 * request) turns marketing emails off for every application of the token's address.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { pageMeta } from "~/components/site/seo";
import { pageMetaWords } from "~/lib/page-meta";
import { pageLanguage } from "~/lib/page-language.server";
import { Rich, usePageWords } from "~/lib/page-words";
import { Button, buttonVariants } from "~/components/ui/button";
import { requestContext } from "~/request-context.server";
import type { Route } from "./+types/unsubscribe";

type PageState = "ready" | "done" | "invalid" | "expired" | "unavailable";

/** Shows enough of the address to recognise it, without printing it whole on a shareable page (null: none to show). */
function maskAddress(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 1) return null;
  return `${address[0]}${"•".repeat(Math.min(6, Math.max(2, at - 1)))}${address.slice(at)}`;
}

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token");
}

/** The language of the newest application of the link's address; the request's otherwise (ADR 0112). */
async function i18nOf(request: Request, context: Route.LoaderArgs["context"]) {
  const { unsubscribe, language } = context.get(requestContext);
  return pageLanguage((await unsubscribe?.language(tokenOf(request)).catch(() => null)) ?? language);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const service = context.get(requestContext).unsubscribe;
  const i18n = await i18nOf(request, context);
  if (!service) return data({ state: "unavailable" as PageState, masked: null, i18n }, { status: 503 });
  const checked = service.check(tokenOf(request));
  if (!checked.ok) return data({ state: checked.reason as PageState, masked: null, i18n }, { status: 400 });
  return { state: "ready" as PageState, masked: maskAddress(checked.address), i18n };
}

export async function action({ request, context }: Route.ActionArgs) {
  const service = context.get(requestContext).unsubscribe;
  if (!service) return data({ state: "unavailable" as PageState }, { status: 503 });
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("token");
  const token = tokenOf(request) ?? (typeof fromForm === "string" ? fromForm : null);
  const outcome = await service.confirm(token);
  if (!outcome.ok) return data({ state: outcome.reason as PageState }, { status: 400 });
  return { state: "done" as PageState };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "unsub.meta.title", description: "unsub.meta.description" }), noindex: true });
}

const MESSAGES = {
  done: { title: "unsub.done.title", body: "unsub.done.body" },
  invalid: { title: "unsub.invalid.title", body: "unsub.invalid.body" },
  expired: { title: "unsub.expired.title", body: "unsub.expired.body" },
  unavailable: { title: "unsub.unavailable.title", body: "unsub.unavailable.body" },
} as const satisfies Record<Exclude<PageState, "ready">, { title: string; body: string }>;

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = usePageWords();
  const navigation = useNavigation();
  const state: PageState = actionData?.state ?? loaderData.state;
  const busy = navigation.state === "submitting";
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {state === "ready" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">{t("unsub.heading")}</h1>
            <p className="mt-3 text-ink-muted">
              <Rich text={t("unsub.body", { brand: brand.name })} parts={{ address: <strong className="text-ink">{loaderData.masked ?? t("unsub.yourAddress")}</strong> }} />
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                {busy ? t("unsub.working") : t("unsub.button")}
              </Button>
            </Form>
          </>
        ) : (
          <div role={state === "done" ? "status" : "alert"}>
            <h1 className="font-display text-3xl font-semibold text-ink">{t(MESSAGES[state].title)}</h1>
            <p className="mt-3 text-ink-muted">{t(MESSAGES[state].body)}</p>
          </div>
        )}
        <p className="mt-6 text-sm text-ink-muted">
          <Rich
            text={t("unsub.questions")}
            parts={{
              email: (
                <a className="font-semibold text-brand underline underline-offset-4" href={`mailto:${brand.contact.privacy}`}>
                  {brand.contact.privacy}
                </a>
              ),
            }}
          />
        </p>
        <div className="mt-6">
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            {t("offer.home")}
          </Link>
        </div>
      </div>
    </div>
  );
}
