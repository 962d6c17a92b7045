import { brand } from "#core/brand";
import { cn } from "../ui/cn";

/** Our own mark: an egg cradled by a protective arc (the guarantee). Decorative; the brand name carries the text. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" width="40" height="40" className={cn("h-9 w-9", className)}>
      <circle cx="20" cy="20" r="19" fill="#f6e7ed" />
      <path d="M20 8c-5.2 0-9 7.4-9 12.8C11 26.3 15 30 20 30s9-3.7 9-9.2C29 15.4 25.2 8 20 8z" fill="#8a3b5c" />
      <path d="M17 14.5c-1.6 1.4-2.8 4-2.9 6.2" stroke="#f6e7ed" strokeWidth="1.8" strokeLinecap="round" fill="none" />
      <path d="M8.5 24.5c2 5.4 6.5 8.5 11.5 8.5s9.5-3.1 11.5-8.5" stroke="#d9825b" strokeWidth="2.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("font-display text-2xl font-semibold tracking-tight", inverse ? "text-white" : "text-brand-strong")}>
        {brand.name}
      </span>
    </span>
  );
}
