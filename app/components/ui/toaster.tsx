/** The visible toasts and their region (Radix Toast); state and API live in ./toast. */
import { cva } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "./cn";
import {
  TOAST_CLOSE_CLASS,
  TOAST_ITEM_CLASS,
  TOAST_TONES,
  TOAST_VIEWPORT_CLASS,
} from "./toast-parts";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem } from "./toast-parts";

const toastVariants = cva(TOAST_ITEM_CLASS, {
  variants: {
    variant: {
      default: TOAST_TONES.default.item,
      destructive: TOAST_TONES.destructive.item,
    },
  },
  defaultVariants: { variant: "default" },
});

export default function Toaster({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id?: string) => void }) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          type={variant === "destructive" ? "foreground" : "background"}
          className={toastVariants({ variant })}
        >
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description
                className={cn("text-sm", TOAST_TONES[variant ?? "default"].description)}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action ? (
            <ToastPrimitive.Action
              altText={action.altText}
              onClick={action.onClick}
              className={cn(
                "inline-flex h-8 shrink-0 items-center rounded-full border px-3 text-sm font-semibold",
                variant === "destructive"
                  ? "border-white/60 text-white hover:bg-white/10"
                  : "border-line text-brand-strong hover:bg-brand-soft",
              )}
            >
              {action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close notification"
            className={cn(TOAST_CLOSE_CLASS, TOAST_TONES[variant ?? "default"].close)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className={TOAST_VIEWPORT_CLASS} />
    </ToastPrimitive.Provider>
  );
}
