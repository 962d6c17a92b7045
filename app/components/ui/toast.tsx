/**
 * Toast notifications (docs/requirements.md §4, §9): at most one at a time, auto-close after 5 s, swipe right to
 * dismiss (50 px), F8 jumps to the region; top of the screen on phones, bottom right on wider screens.
 * The state lives in <ToastProvider> in the root layout, so a toast raised just before a navigation
 * is still shown on the next page. The visible part (./toaster) loads with the first toast, so pages
 * whose visitors never see one do not download it.
 */
import * as React from "react";
import type { ToastInput, ToastItem } from "./toast-parts";

/** The toast UI (Radix Toast) is a chunk of its own, loaded when the first toast is raised. */
const Toaster = React.lazy(() => import("./toaster"));

export const TOAST_LIMIT = 1;
export { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "./toast-parts";
/** A dismissed toast stays mounted (closed) this long before it is dropped from the state. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type { ToastAction, ToastInput, ToastItem, ToastVariant } from "./toast-parts";

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
      {toasts.length > 0 ? (
        <React.Suspense fallback={null}>
          <Toaster toasts={toasts} dismiss={dismiss} />
        </React.Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = React.useContext(ToastContext);
  if (!api) throw new Error("useToast must be used within a ToastProvider");
  return api;
}

