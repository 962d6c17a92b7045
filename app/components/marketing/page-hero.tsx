import type * as React from "react";
import { cn } from "../ui/cn";

/** The opening block of a secondary page: eyebrow, the page's h1 and an intro. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby="page-heading" className={cn("relative overflow-hidden px-4 pt-12 pb-12 sm:px-6 sm:pt-16", className)}>
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -left-32 h-80 w-80 rounded-full bg-brand-soft blur-3xl" />
      <div className="relative mx-auto max-w-3xl text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-brand uppercase">{eyebrow}</p> : null}
        <h1 id="page-heading" className="mt-3 font-display text-4xl leading-tight font-semibold text-balance text-ink sm:text-5xl">
          {title}
        </h1>
        {intro ? <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-ink-muted">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
