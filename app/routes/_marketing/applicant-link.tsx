/**
 * /a: a fresh link to her own page, asked for by email address (ADR 0098). The answer is the same whether or not an
 * application uses the address. Works without JavaScript.
 */
import { data, useNavigation } from "react-router";
import { PageLinkForm } from "~/components/site/page-link-form";
import { pageMeta } from "~/components/site/seo";
import { pageMetaWords } from "~/lib/page-meta";
import { pageLanguage } from "~/lib/page-language.server";
import { usePageWords } from "~/lib/page-words";
import { linkRequestIn } from "~/lib/link-request.server";
import { requestContext } from "~/request-context.server";
import type { Route } from "./+types/applicant-link";

/** No record to ask: the page speaks the request's language (ADR 0112). */
export function loader({ context }: Route.LoaderArgs) {
  return { i18n: pageLanguage(context.get(requestContext).language) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { applicantPage: pages, language } = context.get(requestContext);
  const i18n = pageLanguage(language);
  const form = await request.formData().catch(() => null);
  const { schema, unavailable } = linkRequestIn(language);
  const parsed = schema.safeParse({ email: form?.get("email") ?? "" });
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]?.message, i18n }, { status: 400 });
  if (!pages) return data({ sent: false, error: unavailable, i18n }, { status: 503 });
  await pages.requestLink(parsed.data.email);
  return data({ sent: true, error: undefined, i18n });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { ...pageMetaWords(args.loaderData, { title: "her.meta.title", description: "find.meta.description" }), noindex: true });
}

export default function ApplicantLinkPage({ actionData }: Route.ComponentProps) {
  const { t } = usePageWords();
  const navigation = useNavigation();
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        <h1 className="font-display text-3xl font-semibold text-ink">{t("find.heading")}</h1>
        <p className="mt-3 text-ink-muted">{t("find.body")}</p>
        <PageLinkForm sent={actionData?.sent === true} error={actionData?.error} busy={navigation.state === "submitting"} />
      </div>
    </div>
  );
}
