import type { ReactNode } from "react";
import { cn } from "../ui/cn";

/** The round step number used by every numbered list of the site (decorative: lists are <ol>). */
export function StepBadge({ n, className }: { n: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand font-display text-lg font-semibold text-white",
        className,
      )}
    >
      {n}
    </span>
  );
}

/** A list item with its number, a heading and a short text beside it. */
export function NumberedItem({
  n,
  title,
  children,
  heading: Heading = "h3",
  className,
  bodyClassName,
}: {
  n: number;
  title: string;
  children: ReactNode;
  heading?: "h2" | "h3";
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <li className={cn("flex gap-4 rounded-2xl border border-line p-6", className)}>
      <StepBadge n={n} />
      <div>
        <Heading className="font-display text-xl font-semibold text-ink">{title}</Heading>
        <p className={cn("mt-1 leading-relaxed text-ink-muted", bodyClassName)}>{children}</p>
      </div>
    </li>
  );
}
