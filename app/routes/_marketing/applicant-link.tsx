/**
 * /a: a fresh link to her own page, asked for by email address (ADR 0098). The answer is the same whether or not an
 * application uses the address. Works without JavaScript.
 */
import { data, useNavigation } from "react-router";
import { brand } from "#core/brand";
import { applicantLinkSchema } from "#core/validation";
import { PageLinkForm } from "~/components/site/page-link-form";
import { pageMeta } from "~/components/site/seo";
import { requestContext } from "~/request-context.server";
import type { Route } from "./+types/applicant-link";

export async function action({ request, context }: Route.ActionArgs) {
  const pages = context.get(requestContext).applicantPage;
  const form = await request.formData().catch(() => null);
  const parsed = applicantLinkSchema.safeParse({ email: form?.get("email") ?? "" });
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]?.message ?? "Please enter a valid email address" }, { status: 400 });
  if (!pages) return data({ sent: false, error: "Links cannot be sent right now. Please try again in a few minutes." }, { status: 503 });
  await pages.requestLink(parsed.data.email);
  return data({ sent: true, error: undefined });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: `Your application | ${brand.name}`, description: `A private link to your ${brand.name} pilot application.`, noindex: true });
}

export default function ApplicantLinkPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        <h1 className="font-display text-3xl font-semibold text-ink">Find your application</h1>
        <p className="mt-3 text-ink-muted">
          Every email we send you has a private link to your application. Lost it, or did it expire? Enter the address you
          applied with and we will email you a fresh one.
        </p>
        <PageLinkForm sent={actionData?.sent === true} error={actionData?.error} busy={navigation.state === "submitting"} />
      </div>
    </div>
  );
}
