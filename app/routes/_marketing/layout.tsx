import { Link, Outlet } from "react-router";
import { brand, facts } from "#core/brand";

export default function MarketingLayout() {
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-canvas/95">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link to="/" className="font-display text-xl text-brand">
            {brand.name}
          </Link>
          <Link to="/apply" className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white">
            Apply Now
          </Link>
        </nav>
      </header>
      <main id="main" className="pt-16">
        <Outlet />
      </main>
      <footer className="border-t border-line px-4 py-8 text-center text-sm text-ink-muted">
        {facts.copyright(new Date().getFullYear())}
      </footer>
    </>
  );
}
