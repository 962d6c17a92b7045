import { Link } from "react-router";
import { useSiteWords } from "~/lib/site-words";

/** The "Back to Home" link of the legal pages, About and Contact (docs/requirements.md §2), to the home page of the page's language. */
export function BackToHome({ className = "" }: { className?: string }) {
  const { t, href } = useSiteWords();
  return (
    <Link
      to={href("/")}
      className={`inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand underline-offset-4 hover:underline ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 15l-5-5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t("backHome.link")}
    </Link>
  );
}
