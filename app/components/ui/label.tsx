import type * as React from "react";
import { cn } from "./cn";

export interface LabelProps extends React.ComponentProps<"label"> {
  /** Adds the visual asterisk of a required field (docs/requirements.md §5); screen readers get the input's `required`. */
  required?: boolean;
}

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn("block text-sm font-semibold text-ink", className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      ) : null}
    </label>
  );
}
