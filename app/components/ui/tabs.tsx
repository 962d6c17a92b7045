import type { ComponentPropsWithoutRef } from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "./cn";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
          "inline-flex max-w-full flex-wrap items-center gap-1 rounded-lg bg-brand-soft p-1 text-ink-muted",
          className,
        )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
          "inline-flex min-h-10 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-ink transition-colors",
          "hover:bg-surface/70 data-[state=active]:bg-surface data-[state=active]:text-brand-strong data-[state=active]:shadow-sm",
          "disabled:pointer-events-none disabled:opacity-50",
          className,
        )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4 focus-visible:outline-none", className)} {...props} />;
}
