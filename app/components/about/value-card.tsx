import type { ReactNode } from "react";

export function ValueCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-6 shadow-sm" data-testid="value-card">
      <span aria-hidden="true" className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-brand">
        {icon}
      </span>
      <h3 className="mt-4 font-display text-xl text-ink">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{children}</p>
    </li>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  className: "h-6 w-6",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export const ValueIcons = {
  empowerment: (
    <svg {...iconProps}>
      <path d="M12 3v4M5.6 5.6l2.8 2.8M3 12h4M18.4 5.6l-2.8 2.8M21 12h-4" />
      <circle cx="12" cy="15" r="5" />
    </svg>
  ),
  transparency: (
    <svg {...iconProps}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  ),
  science: (
    <svg {...iconProps}>
      <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3" />
      <path d="M7.5 15h9" />
    </svg>
  ),
  shared: (
    <svg {...iconProps}>
      <circle cx="8" cy="8" r="3" />
      <circle cx="16" cy="8" r="3" />
      <path d="M2 20c0-3.3 2.7-6 6-6 1.5 0 2.9.6 4 1.5A6 6 0 0 1 22 20" />
    </svg>
  ),
} as const;
