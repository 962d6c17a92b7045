import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-md px-4 py-24">
      <div className="rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
        <h1 className="font-display text-3xl">404 Page Not Found</h1>
        <p className="mt-3 text-ink-muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand underline">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
