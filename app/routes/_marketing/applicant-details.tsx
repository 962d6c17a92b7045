/**
 * /a/:token/details: what we hold to reach her and the emails she wants, behind the private link of her emails
 * (ADR 0099). GET changes nothing. Two plain forms post here (`intent=contact|preferences`) and work without
 * JavaScript: a new phone counts at once; a new email address counts once she confirms it from the link we send to it;
 * her choices are reminders about her next step and news about the pilot. Errors are announced and tied to their fields.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { LANGUAGE_LABELS, LANGUAGES } from "#core/i18n/languages";
import { formatDeadline } from "#core/time";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/components/site/seo";
import { pageMetaWords } from "~/lib/page-meta";
import { pageLanguage } from "~/lib/page-language.server";
import { Rich, usePageWords } from "~/lib/page-words";
import { type ApplicantDetailsView, requestContext } from "~/request-context.server";
import type { Route } from "./+types/applicant-details";

type Outcome = { saved?: "contact" | "preferences" | "language"; emailConfirmationSent?: boolean; errors?: Record<string, string[]>; message?: string };
type PageState = (ApplicantDetailsView & Outcome) | { state: "unavailable" | "limited"; message?: string };

const HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
const STATUS: Partial<Record<PageState["state"], number>> = { invalid: 404, expired: 404, unavailable: 503, limited: 429 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const details = context.get(requestContext).applicantDetails;
  const page: PageState = details ? await details.details(params.token).catch(() => ({ state: "unavailable" as const })) : { state: "unavailable" };
  return data({ page, i18n: i18nOf(page, context) }, { status: STATUS[page.state] ?? 200, headers: HEADERS });
}

/** Her language on her page; the request's where the link opens nothing (ADR 0112). */
function i18nOf(page: PageState, context: Route.LoaderArgs["context"]) {
  return pageLanguage(page.state === "open" ? page.language : context.get(requestContext).language);
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
  const answer = (page: PageState, status: number, values?: { email: string; phone: string }) =>
    data({ page, i18n: i18nOf(page, context), ...(values ? { values } : {}) }, { status, headers: HEADERS });
  if (!details) return answer({ state: "unavailable" }, 503);
  try {
    if (intent === "contact") {
      const result = await details.updateContact(params.token, { email: String(form?.get("email") ?? ""), phone: String(form?.get("phone") ?? "") });
      return answer({ ...result, saved: "contact" } as PageState, STATUS[result.state] ?? 200);
    }
    if (intent === "preferences") {
      const result = await details.setPreferences(params.token, { reminders: form?.get("reminders") === "on", news: form?.get("news") === "on" });
      return answer({ ...result, saved: "preferences" } as PageState, STATUS[result.state] ?? 200);
    }
    if (intent === "language") {
      const result = await details.setLanguage(params.token, { language: String(form?.get("language") ?? "") });
      return answer({ ...result, saved: "language" } as PageState, STATUS[result.state] ?? 200);
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
      return answer(page, refused.kind === "too_many" ? 429 : 400, { email: String(form?.get("email") ?? ""), phone: String(form?.get("phone") ?? "") });
    }
    return answer({ state: "unavailable" }, 503);
  }
  return answer((await details.details(params.token)) as PageState, 400);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "details.meta.title", description: "her.meta.description" }), noindex: true });
}

function ContactForm({ page, values, busy }: { page: Extract<PageState, { state: "open" }>; values?: { email: string; phone: string }; busy: boolean }) {
  const { t } = usePageWords();
  const emailError = page.errors?.email?.[0];
  const phoneError = page.errors?.phone?.[0];
  return (
    <Form method="post" className="mt-4 grid gap-4 text-left" aria-labelledby="contact-heading">
      <input type="hidden" name="intent" value="contact" />
      <Field
        id="details-email"
        label={t("details.email")}
        required
        error={emailError}
        hint={t("details.email.hint")}
      >
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" required defaultValue={values?.email ?? page.email} />}
      </Field>
      <Field id="details-phone" label={t("details.phone")} error={phoneError} hint={t("details.phone.hint")}>
        {(control) => <Input {...control} name="phone" type="tel" autoComplete="tel" defaultValue={values?.phone ?? page.phone ?? ""} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("details.saving") : t("details.saveDetails")}
      </Button>
    </Form>
  );
}

function PreferencesForm({ page, busy }: { page: Extract<PageState, { state: "open" }>; busy: boolean }) {
  const { t } = usePageWords();
  return (
    <Form method="post" className="mt-4 grid gap-4 text-left" aria-labelledby="emails-heading">
      <input type="hidden" name="intent" value="preferences" />
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t("details.emailsWanted")}</legend>
        <Checkbox
          id="pref-reminders"
          name="reminders"
          defaultChecked={page.reminders}
          label={<><strong className="text-ink">{t("details.reminders")}</strong>{t("details.reminders.hint")}</>}
        />
        <Checkbox id="pref-news" name="news" defaultChecked={page.news} label={<><strong className="text-ink">{t("details.news", { brand: brand.name })}</strong>{t("details.news.hint")}</>} />
      </fieldset>
      <p className="text-sm text-ink-muted">{t("details.always")}</p>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? t("details.saving") : t("details.saveChoices")}
      </Button>
    </Form>
  );
}

/** Her language: each named in its own words (and marked as such for screen readers), one saved for her pages and emails. */
function LanguageForm({ page, busy }: { page: Extract<PageState, { state: "open" }>; busy: boolean }) {
  const { t } = usePageWords();
  const error = page.errors?.language?.[0];
  return (
    <Form method="post" className="mt-4 grid gap-4 text-left" aria-labelledby="language-heading">
      <input type="hidden" name="intent" value="language" />
      <fieldset className="grid gap-2" aria-describedby={error ? "language-hint language-error" : "language-hint"}>
        <legend className="text-sm font-medium text-ink">{t("details.language.legend")}</legend>
        <p id="language-hint" className="text-sm text-ink-muted">
          {t("details.language.hint")}
        </p>
        <div className="flex flex-wrap gap-2">
          {LANGUAGES.map((language) => (
            <label
              key={language}
              lang={language}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-4 py-2 text-ink has-checked:border-brand has-checked:bg-brand-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-brand"
            >
              <input type="radio" name="language" value={language} defaultChecked={page.language === language} className="accent-brand" />
              {LANGUAGE_LABELS[language]}
            </label>
          ))}
        </div>
        {error ? (
          <p id="language-error" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? t("details.saving") : t("details.saveLanguage")}
      </Button>
    </Form>
  );
}

function Saved({ page }: { page: Extract<PageState, { state: "open" }> }) {
  const { t } = usePageWords();
  // A message without fields is the day's limit of new addresses (429).
  if (page.message && !page.errors) return <p role="alert" className="mt-4 rounded-2xl bg-danger-soft p-3 text-left text-ink">{t("details.tooMany")}</p>;
  if (page.errors) {
    return (
      <p role="alert" className="mt-4 rounded-2xl bg-danger-soft p-3 text-left text-ink">
        {t("details.checkFields")}
      </p>
    );
  }
  if (!page.saved) return null;
  const words =
    page.saved === "preferences"
      ? t("details.saved.preferences")
      : page.saved === "language"
        ? t("details.saved.language")
        : page.emailConfirmationSent
          ? t("details.saved.emailSent", { email: page.pendingEmail?.email ?? t("details.saved.newAddress") })
          : t("details.saved.details");
  return <output className="mt-4 block rounded-2xl bg-success-soft p-3 text-left text-ink [overflow-wrap:anywhere]">{words}</output>;
}

export default function ApplicantDetailsPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, locale } = usePageWords();
  const navigation = useNavigation();
  const page: PageState = actionData?.page ?? loaderData.page;
  const values = actionData && "values" in actionData ? (actionData.values as { email: string; phone: string }) : undefined;
  const busy = navigation.state === "submitting";
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 shadow-sm">
        {page.state === "open" ? (
          <>
            <p className="text-sm font-semibold tracking-widest text-brand uppercase">{t("her.eyebrow")}</p>
            <h1 className="mt-2 font-display text-3xl font-semibold text-ink">{t("details.heading")}</h1>
            <Saved page={page} />
            <h2 id="contact-heading" className="mt-8 text-lg font-semibold text-ink">
              {t("details.reach")}
            </h2>
            {page.pendingEmail ? (
              <p className="mt-2 text-sm text-ink-muted [overflow-wrap:anywhere]">
                <Rich
                  text={t("details.pending", { deadline: formatDeadline(page.pendingEmail.expiresAt, page.timeZone, locale), current: page.email })}
                  parts={{ email: <strong className="text-ink">{page.pendingEmail.email}</strong> }}
                />
              </p>
            ) : null}
            <ContactForm page={page} values={values} busy={busy} />
            <h2 id="emails-heading" className="mt-10 text-lg font-semibold text-ink">
              {t("details.emails")}
            </h2>
            <PreferencesForm page={page} busy={busy} />
            <h2 id="language-heading" className="mt-10 text-lg font-semibold text-ink">
              {t("details.language")}
            </h2>
            <LanguageForm page={page} busy={busy} />
            <p className="mt-8 text-sm">
              <Link to={`/a/${params.token}`} className="font-semibold text-brand underline underline-offset-4">
                {t("details.back")}
              </Link>
            </p>
          </>
        ) : page.state === "invalid" || page.state === "expired" ? (
          <div role="alert" className="text-center">
            <h1 className="font-display text-3xl font-semibold text-ink">{page.state === "expired" ? t("details.link.expired") : t("details.link.invalid")}</h1>
            <p className="mt-3 text-ink-muted">
              <Rich
                text={t("details.askFresh")}
                parts={{
                  link: (
                    <Link to="/a" className="font-semibold text-brand underline underline-offset-4">
                      {t("details.askFreshLink")}
                    </Link>
                  ),
                }}
              />
            </p>
          </div>
        ) : (
          <div role="alert" className="text-center">
            <h1 className="font-display text-3xl font-semibold text-ink">{t("her.unavailable")}</h1>
            <p className="mt-3 text-ink-muted">{t("details.unavailable.body", { email: brand.contact.general })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
