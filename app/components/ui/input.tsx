import type * as React from "react";
import { cn } from "./cn";

export const fieldControlClass =
  "block w-full rounded-xl border border-[#b9aab0] bg-surface px-3.5 text-base text-ink shadow-xs transition-colors placeholder:text-[#766b79] hover:border-ink-muted focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/50";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} className={cn(fieldControlClass, "h-11", className)} {...props} />;
}
