/**
 * /email-change/:token: the link emailed to a new address (ADR 0099). GET shows the address and a button and changes
 * nothing (mail scanners open every link); the press confirms it, and from then on we write to that address. Works
 * without JavaScript; safe to press twice.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/components/site/seo";
import { type EmailChangeView, requestContext } from "~/request-context.server";
import type { Route } from "./+types/email-change";

type PageState = EmailChangeView | { state: "unavailable" };

const HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, expired: 404, unavailable: 503 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.checkEmailChange(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export async function action({ params, context }: Route.ActionArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.confirmEmailChange(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: `Confirm your address | ${brand.name}`, description: `Confirm a new address for your ${brand.name} application.`, noindex: true });
}

export default function EmailChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const page: PageState = actionData?.page ?? loaderData.page;
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {page.state === "open" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">Confirm your new address</h1>
            <p className="mt-3 text-ink-muted">
              From now on, we will write to <strong className="text-ink">{page.email}</strong> about your {brand.name} pilot
              application.
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Confirming…" : "Confirm this address"}
              </Button>
            </Form>
          </>
        ) : page.state === "confirmed" ? (
          <output className="block">
            <span className="block font-display text-3xl font-semibold text-ink">Your address is confirmed</span>
            <span className="mt-3 block text-ink-muted">
              We write to <strong className="text-ink">{page.email}</strong> from now on. Your next email from us has a link to
              your application.
            </span>
          </output>
        ) : page.state === "unavailable" ? (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">This page is not available right now</h1>
            <p className="mt-3 text-ink-muted">Nothing was changed. Please open the link again in a few minutes.</p>
          </div>
        ) : (
          <div role="alert">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? "This link has expired" : "This link does not work"}</h1>
            <p className="mt-3 text-ink-muted">
              Nothing was changed. Ask again from your application's page; only the newest link works.{" "}
              <Link to="/a" className="font-semibold text-brand underline underline-offset-4">
                Find my application
              </Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
