/**
 * /a/:token/details: what we hold to reach her and the emails she wants, behind the private link of her emails
 * (ADR 0099). GET changes nothing. Two plain forms post here (`intent=contact|preferences`) and work without
 * JavaScript: a new phone counts at once; a new email address counts once she confirms it from the link we send to it;
 * her choices are reminders about her next step and news about the pilot. Errors are announced and tied to their fields.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/components/site/seo";
import { type ApplicantDetailsView, requestContext } from "~/request-context.server";
import type { Route } from "./+types/applicant-details";

type Outcome = { saved?: "contact" | "preferences"; emailConfirmationSent?: boolean; errors?: Record<string, string[]>; message?: string };
type PageState = (ApplicantDetailsView & Outcome) | { state: "unavailable" | "limited"; message?: string };

const HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, expired: 404, unavailable: 503, limited: 429 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.details(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

function serviceErrors(error: unknown): { errors?: Record<string, string[]>; message?: string; kind?: string } {
  if (error && typeof error === "object" && "kind" in error) {
    const e = error as { kind: string; message: string; errors?: Record<string, string[]> };
    return { kind: e.kind, message: e.message, errors: e.errors };
  }
  return {};
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const details = context.get(requestContext).applicantDetails;
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  if (!details) return data({ page: { state: "unavailable" } as PageState }, { status: 503, headers: HEADERS });
  try {
    if (intent === "contact") {
      const result = await details.updateContact(params.token, { email: String(form?.get("email") ?? ""), phone: String(form?.get("phone") ?? "") });
      return data({ page: { ...result, saved: "contact" } as PageState }, { status: STATUS[result.state] ?? 200, headers: HEADERS });
    }
    if (intent === "preferences") {
      const result = await details.setPreferences(params.token, { reminders: form?.get("reminders") === "on", news: form?.get("news") === "on" });
      return data({ page: { ...result, saved: "preferences" } as PageState }, { status: STATUS[result.state] ?? 200, headers: HEADERS });
    }
  } catch (error) {
    const refused = serviceErrors(error);
    if (refused.kind === "invalid" || refused.kind === "too_many") {
      const current = await details.details(params.token);
      const page: PageState =
        refused.kind === "too_many"
          ? current.state === "open"
            ? { ...current, message: refused.message }
            : current
          : current.state === "open"
            ? { ...current, errors: refused.errors, message: refused.message }
            : current;
      return data({ page, values: { email: String(form?.get("email") ?? ""), phone: String(form?.get("phone") ?? "") } }, { status: refused.kind === "too_many" ? 429 : 400, headers: HEADERS });
    }
    return data({ page: { state: "unavailable" } as PageState }, { status: 503, headers: HEADERS });
  }
  return data({ page: (await details.details(params.token)) as PageState }, { status: 400, headers: HEADERS });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: `Your details | ${brand.name}`, description: `Your ${brand.name} pilot application.`, noindex: true });
}

function ContactForm({ page, values, busy }: { page: Extract<PageState, { state: "open" }>; values?: { email: string; phone: string }; busy: boolean }) {
  const emailError = page.errors?.email?.[0];
  const phoneError = page.errors?.phone?.[0];
  return (
    <Form method="post" className="mt-4 grid gap-4 text-left" aria-labelledby="contact-heading">
      <input type="hidden" name="intent" value="contact" />
      <Field
        id="details-email"
        label="Email address"
        required
        error={emailError}
        hint="If you change it, we email a link to the new address. It counts once you open that link."
      >
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" required defaultValue={values?.email ?? page.email} />}
      </Field>
      <Field id="details-phone" label="Phone number" error={phoneError} hint="Optional. We only call about your application.">
        {(control) => <Input {...control} name="phone" type="tel" autoComplete="tel" defaultValue={values?.phone ?? page.phone ?? ""} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save my details"}
      </Button>
    </Form>
  );
}

function PreferencesForm({ page, busy }: { page: Extract<PageState, { state: "open" }>; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 grid gap-4 text-left" aria-labelledby="emails-heading">
      <input type="hidden" name="intent" value="preferences" />
      <fieldset className="grid gap-3">
        <legend className="sr-only">Emails I want</legend>
        <Checkbox
          id="pref-reminders"
          name="reminders"
          defaultChecked={page.reminders}
          label={<><strong className="text-ink">Reminders about my next step</strong>: for example, to book my consult or send my kit.</>}
        />
        <Checkbox id="pref-news" name="news" defaultChecked={page.news} label={<><strong className="text-ink">News about {brand.name}</strong>: now and then, never shared.</>} />
      </fieldset>
      <p className="text-sm text-ink-muted">Emails that decide something (an offer and the reminder of its deadline, your place, a change to your consult) always come.</p>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Saving…" : "Save my choices"}
      </Button>
    </Form>
  );
}

function Saved({ page }: { page: Extract<PageState, { state: "open" }> }) {
  if (page.message && !page.errors) return <p role="alert" className="mt-4 rounded-2xl bg-danger-soft p-3 text-left text-ink">{page.message}</p>;
  if (page.errors) {
    return (
      <p role="alert" className="mt-4 rounded-2xl bg-danger-soft p-3 text-left text-ink">
        Please check the highlighted fields: nothing was saved.
      </p>
    );
  }
  if (!page.saved) return null;
  const words =
    page.saved === "preferences"
      ? "Your email choices are saved."
      : page.emailConfirmationSent
        ? `Saved. We emailed a link to ${page.pendingEmail?.email ?? "your new address"}: open it to start using that address.`
        : "Your details are saved.";
  return <output className="mt-4 block rounded-2xl bg-success-soft p-3 text-left text-ink [overflow-wrap:anywhere]">{words}</output>;
}

export default function ApplicantDetailsPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const page: PageState = actionData?.page ?? loaderData.page;
  const values = actionData && "values" in actionData ? (actionData.values as { email: string; phone: string }) : undefined;
  const busy = navigation.state === "submitting";
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 shadow-sm">
        {page.state === "open" ? (
          <>
            <p className="text-sm font-semibold tracking-widest text-brand uppercase">Your application</p>
            <h1 className="mt-2 font-display text-3xl font-semibold text-ink">Your details and emails</h1>
            <Saved page={page} />
            <h2 id="contact-heading" className="mt-8 text-lg font-semibold text-ink">
              How we reach you
            </h2>
            {page.pendingEmail ? (
              <p className="mt-2 text-sm text-ink-muted [overflow-wrap:anywhere]">
                Waiting for you to confirm <strong className="text-ink">{page.pendingEmail.email}</strong> (the link works until{" "}
                {formatDeadline(page.pendingEmail.expiresAt, page.timeZone)}). Until then we write to {page.email}.
              </p>
            ) : null}
            <ContactForm page={page} values={values} busy={busy} />
            <h2 id="emails-heading" className="mt-10 text-lg font-semibold text-ink">
              Emails you get
            </h2>
            <PreferencesForm page={page} busy={busy} />
            <p className="mt-8 text-sm">
              <Link to={`/a/${params.token}`} className="font-semibold text-brand underline underline-offset-4">
                Back to my application
              </Link>
            </p>
          </>
        ) : page.state === "invalid" || page.state === "expired" ? (
          <div role="alert" className="text-center">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? "This link has expired" : "This link does not open an application"}</h1>
            <p className="mt-3 text-ink-muted">
              <Link to="/a" className="font-semibold text-brand underline underline-offset-4">
                Ask for a fresh link
              </Link>{" "}
              with the address you applied with.
            </p>
          </div>
        ) : (
          <div role="alert" className="text-center">
            <h1 className="font-display text-3xl font-semibold text-ink">Your page is not available right now</h1>
            <p className="mt-3 text-ink-muted">Nothing was changed. Please try again in a few minutes, or write to {brand.contact.general}.</p>
          </div>
        )}
      </div>
    </div>
  );
}
