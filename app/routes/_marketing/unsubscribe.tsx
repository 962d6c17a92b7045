/**
 * /unsubscribe?token=…: the signed link from the footer and the List-Unsubscribe header of our emails.
 * GET shows one button and changes nothing; POST (the button, or a mail client's RFC 8058 one-click
 * request) turns marketing emails off for every application of the token's address.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { pageMeta } from "~/components/site/seo";
import { Button, buttonVariants } from "~/components/ui/button";
import { requestContext } from "~/request-context.server";
import type { Route } from "./+types/unsubscribe";

type PageState = "ready" | "done" | "invalid" | "expired" | "unavailable";

/** Shows enough of the address to recognise it, without printing it whole on a shareable page. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "your address";
  return `${address[0]}${"•".repeat(Math.min(6, Math.max(2, at - 1)))}${address.slice(at)}`;
}

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token");
}

export function loader({ request, context }: Route.LoaderArgs) {
  const service = context.get(requestContext).unsubscribe;
  if (!service) return data({ state: "unavailable" as PageState, masked: null }, { status: 503 });
  const checked = service.check(tokenOf(request));
  if (!checked.ok) return data({ state: checked.reason as PageState, masked: null }, { status: 400 });
  return { state: "ready" as PageState, masked: maskAddress(checked.address) };
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
  return pageMeta(args, {
    title: `Stop marketing emails | ${brand.name}`,
    description: `Stop marketing emails from ${brand.name}.`,
    noindex: true,
  });
}

const MESSAGES: Record<Exclude<PageState, "ready">, { title: string; body: string }> = {
  done: {
    title: "You are unsubscribed",
    body: `We will not send you marketing emails any more. You may still get emails about an application or a message you send us.`,
  },
  invalid: {
    title: "This link is not valid",
    body: "The unsubscribe link is incomplete or was changed. Use the link from your most recent email, or write to us and we will do it for you.",
  },
  expired: {
    title: "This link has expired",
    body: "Unsubscribe links work for a year. Use the link from a more recent email, or write to us and we will do it for you.",
  },
  unavailable: {
    title: "Unsubscribing is not available right now",
    body: "Please try again in a few minutes, or write to us and we will do it for you.",
  },
};

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state: PageState = actionData?.state ?? loaderData.state;
  const busy = navigation.state === "submitting";
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        {state === "ready" ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-ink">Stop marketing emails?</h1>
            <p className="mt-3 text-ink-muted">
              {brand.name} will stop sending marketing emails to <strong className="text-ink">{loaderData.masked}</strong>.
              Nothing else about your application changes.
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                {busy ? "Unsubscribing…" : "Unsubscribe"}
              </Button>
            </Form>
          </>
        ) : (
          <div role={state === "done" ? "status" : "alert"}>
            <h1 className="font-display text-3xl font-semibold text-ink">{MESSAGES[state].title}</h1>
            <p className="mt-3 text-ink-muted">{MESSAGES[state].body}</p>
          </div>
        )}
        <p className="mt-6 text-sm text-ink-muted">
          Questions about your data? Write to{" "}
          <a className="font-semibold text-brand underline underline-offset-4" href={`mailto:${brand.contact.privacy}`}>
            {brand.contact.privacy}
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
