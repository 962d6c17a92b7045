import type * as React from "react";
import { cn } from "./cn";

export interface CheckboxProps extends Omit<React.ComponentProps<"input">, "type"> {
  label: React.ReactNode;
  /** Class of the wrapping label. */
  wrapperClassName?: string;
}

/** The look of the admin's checkboxes (also the list table's row checkboxes, which carry their label for screen readers only). */
export const checkboxControlClass =
  "h-5 w-5 shrink-0 cursor-pointer rounded border-[#8f8194] accent-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** A native checkbox (submits without JavaScript, works with react-hook-form) with its label beside it. */
export function Checkbox({ className, wrapperClassName, label, id, ...props }: CheckboxProps) {
  return (
    <div className={cn("flex items-start gap-3", wrapperClassName)}>
      <input
        id={id}
        type="checkbox"
        className={cn("mt-0.5", checkboxControlClass, className)}
        {...props}
      />
      <label htmlFor={id} className="cursor-pointer text-sm leading-snug text-ink-muted">
        {label}
      </label>
    </div>
  );
}
