import { data, Link } from "react-router";
import { brand } from "#core/brand";
import { pageMeta } from "~/components/site/seo";
import { buttonVariants } from "~/components/ui/button";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { useSiteWords } from "~/lib/site-words";
import type { Route } from "./+types/not-found";
import { STATIC_PAGE } from "~/page-scripts/handle";

/** A 404, in the language of the address it answers (`/es/…` in Spanish, ADR 0113). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ ...sitePage(request) }, { status: 404 });
}

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("notFound.meta.title", { brand: brand.name }),
    description: t("notFound.body"),
    // Served for every unknown path from one copy built once (ADR 0051): it has no address of its own.
    path: null,
    // No `noindex`: the 404 status already keeps the page out of search indexes, and its links to the
    // home and contact pages may be followed.
  });
}

export default function NotFound() {
  const { t, href } = useSiteWords();
  return (
    <div className="px-4 py-20 sm:py-28">
      <div className="mx-auto max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-sm">
        <svg aria-hidden="true" viewBox="0 0 64 64" width="64" height="64" className="mx-auto h-16 w-16">
          <circle cx="32" cy="32" r="31" fill="#f6e7ed" />
          <path d="M32 14c-8 0-14 12-14 20 0 9 6 14 14 14s14-5 14-14c0-8-6-20-14-20z" fill="none" stroke="#8a3b5c" strokeWidth="3" strokeDasharray="5 5" />
        </svg>
        <h1 className="mt-5 font-display text-3xl font-semibold text-ink">{t("notFound.title")}</h1>
        <p className="mt-3 text-ink-muted">{t("notFound.body")}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={href("/")} className={buttonVariants()}>
            {t("backHome.link")}
          </Link>
          <Link to={href("/contact")} className={buttonVariants({ variant: "outline" })}>
            {t("notFound.contact")}
          </Link>
        </div>
      </div>
    </div>
  );
}
