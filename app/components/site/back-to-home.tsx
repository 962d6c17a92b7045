import { Link } from "react-router";

/** The "Back to Home" link of the legal pages, About and Contact (docs/requirements.md §2). */
export function BackToHome({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand underline-offset-4 hover:underline ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 15l-5-5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Back to Home
    </Link>
  );
}
