/** Tooltips (docs/requirements.md §4, §9): open after 700 ms, 300 ms skip delay, close on leave, blur, click or press. */
import { Tooltip as TooltipPrimitive } from "radix-ui";
import type * as React from "react";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

