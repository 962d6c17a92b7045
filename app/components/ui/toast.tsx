/**
 * Toast notifications (spec §4, §9): at most one at a time, auto-close after 5 s, swipe right to
 * dismiss (50 px), F8 jumps to the region; top of the screen on phones, bottom right on wider screens.
 * The state lives in <ToastProvider> in the root layout, so a toast raised just before a navigation
 * is still shown on the next page.
 */
import { cva } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "./cn";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast stays mounted (closed) this long before it is dropped from the state. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

export interface ToastAction {
  label: string;
  /** Short text telling screen-reader users how to do the same thing without the toast. */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastApi {
  toasts: ToastItem[];
  toast: (input: ToastInput) => { id: string; dismiss: () => void };
  dismiss: (id?: string) => void;
}

const ToastContext = React.createContext<ToastApi | null>(null);

let counter = 0;
function nextId() {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = React.useState<ToastItem[]>([]);
  const timers = React.useRef(new Map<string, ReturnType<typeof setTimeout>>());

  React.useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const scheduleRemoval = React.useCallback((id: string) => {
    if (timers.current.has(id)) return;
    const timer = setTimeout(() => {
      timers.current.delete(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    timers.current.set(id, timer);
  }, []);

  const dismiss = React.useCallback(
    (id?: string) => {
      setToasts((list) => {
        for (const t of list) if (id === undefined || t.id === id) scheduleRemoval(t.id);
        return list.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
      });
    },
    [scheduleRemoval],
  );

  const toast = React.useCallback(
    (input: ToastInput) => {
      const id = nextId();
      setToasts((list) => [{ ...input, id, open: true }, ...list].slice(0, TOAST_LIMIT));
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  const api = React.useMemo(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toasts={toasts} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = React.useContext(ToastContext);
  if (!api) throw new Error("useToast must be used within a ToastProvider");
  return api;
}

const toastVariants = cva(
  "toast-item group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg",
  {
    variants: {
      variant: {
        default: "border-line bg-surface text-ink",
        destructive: "border-danger bg-danger text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

function Toaster({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id?: string) => void }) {
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
                className={cn("text-sm", variant === "destructive" ? "text-white" : "text-ink-muted")}
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
            className={cn(
              "absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full",
              variant === "destructive" ? "text-white hover:bg-white/10" : "text-ink-muted hover:bg-brand-soft",
            )}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
