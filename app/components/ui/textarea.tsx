import type * as React from "react";
import { cn } from "./cn";
import { fieldControlClass } from "./input";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldControlClass, "min-h-24 py-2.5 leading-relaxed", className)} {...props} />;
}
