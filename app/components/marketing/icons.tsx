import { cn } from "../ui/cn";
import type { Benefit } from "./content";

/** Small line icons drawn for the site. Decorative: the text beside them carries the meaning. */
export function BenefitIcon({ icon, className }: { icon: Benefit["icon"]; className?: string }) {
  const props = {
    "aria-hidden": true,
    viewBox: "0 0 24 24",
    className: cn("h-6 w-6", className),
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.8,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  switch (icon) {
    case "price":
      return (
        <svg {...props}>
          <path d="M20 12l-8 8-9-9V4h7l10 8z" />
          <circle cx="7.5" cy="7.5" r="1.5" />
        </svg>
      );
    case "storage":
      return (
        <svg {...props}>
          <path d="M12 3v18M5 7l14 10M19 7L5 17" />
        </svg>
      );
    case "guarantee":
      return (
        <svg {...props}>
          <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" />
          <path d="M8.5 12l2.5 2.5 4.5-5" />
        </svg>
      );
    case "assessment":
      return (
        <svg {...props}>
          <path d="M4 19V5M4 19h16" />
          <path d="M8 15l3-4 3 2 4-6" />
        </svg>
      );
    case "clinic":
      return (
        <svg {...props}>
          <path d="M4 21V8l8-5 8 5v13H4z" />
          <path d="M12 10v6M9 13h6" />
        </svg>
      );
    case "payment":
      return (
        <svg {...props}>
          <rect x="3" y="6" width="18" height="13" rx="2" />
          <path d="M3 10h18M7 15h4" />
        </svg>
      );
  }
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={cn("h-5 w-5", className)} fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d="M5 10.5l3.2 3.2L15 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PlayIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn("h-7 w-7", className)} fill="currentColor">
      <path d="M8 5.5v13a1 1 0 001.5.9l10.4-6.5a1 1 0 000-1.8L9.5 4.6A1 1 0 008 5.5z" />
    </svg>
  );
}
