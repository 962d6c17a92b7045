import type * as React from "react";
import { cn } from "../ui/cn";

/** A page section with an optional eyebrow, heading and intro, on a consistent grid. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "canvas",
  className,
  children,
  headingLevel = 2,
}: {
  id?: string;
  eyebrow?: string;
  title?: React.ReactNode;
  intro?: React.ReactNode;
  tone?: "canvas" | "surface" | "soft" | "dark";
  className?: string;
  children?: React.ReactNode;
  headingLevel?: 1 | 2;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(
        "scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20",
        tone === "surface" && "bg-surface",
        tone === "soft" && "bg-brand-soft/60",
        tone === "dark" && "bg-ink text-white",
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        {title ? (
          <div className="mx-auto max-w-2xl text-center">
            {eyebrow ? (
              <p className={cn("text-sm font-semibold tracking-widest uppercase", tone === "dark" ? "text-accent-soft" : "text-brand")}>
                {eyebrow}
              </p>
            ) : null}
            <Heading
              id={headingId}
              className={cn(
                "mt-2 font-display text-3xl font-semibold text-balance sm:text-4xl",
                tone === "dark" ? "text-white" : "text-ink",
              )}
            >
              {title}
            </Heading>
            {intro ? (
              <p className={cn("mt-4 text-lg text-pretty", tone === "dark" ? "text-[#e7dde0]" : "text-ink-muted")}>{intro}</p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
