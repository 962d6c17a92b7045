import { cn } from "~/components/ui/cn";
import type { ReactNode } from "react";

export function StatCard({
  title,
  value,
  children,
  className,
}: {
  title: string;
  value?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={cn("rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5", className)}>
      <h3 className="text-sm font-semibold text-ink-muted">{title}</h3>
      {value !== undefined ? <p className="mt-1 font-display text-2xl font-semibold break-words text-ink sm:text-3xl">{value}</p> : null}
      {children}
    </section>
  );
}

/** A short ranked list of label → count inside a card. */
export function CountList({ items, emptyText }: { items: readonly { label: string; count: number }[]; emptyText: string }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-ink-muted">{emptyText}</p>;
  return (
    <ol className="mt-2 space-y-1 text-sm">
      {items.map((item) => (
        <li key={item.label} className="flex items-center justify-between gap-3">
          <span className="truncate">{item.label}</span>
          <span className="font-semibold tabular-nums">{item.count.toLocaleString("en-US")}</span>
        </li>
      ))}
    </ol>
  );
}
