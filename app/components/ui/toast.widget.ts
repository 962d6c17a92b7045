/**
 * The toasts of every page, React-rendered or not (docs/requirements.md §4, §9): one plain DOM renderer
 * (ADR 0042). One at a time, announced politely (an error at once, `role="alert"`), closed after 5 s
 * (the time stops while the pointer or focus is on it), swiped right 50 px to dismiss, F8 to reach
 * them; top of the screen on phones, bottom right on wider screens. The region is added to the body
 * with the first toast and stays across client-side navigations, so a toast raised just before one is
 * still shown on the next page.
 */
import { handToNextPage, takeFromPreviousPage } from "~/lib/next-page";

/** How long a toast stays (docs/requirements.md §4). */
export const TOAST_DURATION_MS = 5000;
/** How far a toast must be swiped right to be dismissed (docs/requirements.md §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const TOAST_VIEWPORT_CLASS =
  "fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]";
const TOAST_ITEM_CLASS =
  "toast-item group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg";
const TOAST_CLOSE_CLASS = "absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full";
/** The colours of each variant: the toast, its description and its close button. */
const TOAST_TONES = {
  default: { item: "border-line bg-surface text-ink", description: "text-ink-muted", close: "text-ink-muted hover:bg-brand-soft" },
  destructive: { item: "border-danger bg-danger text-white", description: "text-white", close: "text-white hover:bg-white/10" },
} as const;
export type ToastTone = keyof typeof TOAST_TONES;

/** What a toast says. */
export interface ToastNotice {
  title: string;
  description: string;
}

let list: HTMLOListElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function region(): HTMLOListElement {
  if (list?.isConnected) return list;
  const section = document.createElement("section");
  // The words the root layout rendered in the page's language (ADR 0113).
  section.setAttribute("aria-label", document.body.dataset.toastsLabel ?? "Notifications (F8)");
  const viewport = document.createElement("ol");
  viewport.className = TOAST_VIEWPORT_CLASS;
  viewport.tabIndex = -1;
  viewport.setAttribute("aria-live", "polite");
  section.append(viewport);
  document.body.append(section);
  document.addEventListener("keydown", (event) => {
    if (event.key === "F8" && viewport.childElementCount > 0) {
      event.preventDefault();
      viewport.focus();
    }
  });
  list = viewport;
  return viewport;
}

/** Swiping right past the threshold dismisses; a shorter swipe springs back. */
function wireSwipe(item: HTMLElement, dismiss: () => void): void {
  let startX: number | null = null;
  item.addEventListener("pointerdown", (event) => {
    startX = event.clientX;
    item.setPointerCapture(event.pointerId);
  });
  item.addEventListener("pointermove", (event) => {
    if (startX === null) return;
    item.style.transform = `translateX(${Math.max(0, event.clientX - startX)}px)`;
  });
  item.addEventListener("pointerup", (event) => {
    if (startX === null) return;
    const moved = event.clientX - startX;
    startX = null;
    if (moved >= TOAST_SWIPE_THRESHOLD_PX) dismiss();
    else item.style.transform = "";
  });
  // The browser took the gesture over (a scroll, a drag): no swipe.
  item.addEventListener("pointercancel", () => {
    startX = null;
    item.style.transform = "";
  });
  // Dragging its text would start the browser's own drag and cancel the swipe.
  item.addEventListener("dragstart", (event) => event.preventDefault());
}

export interface Toast extends ToastNotice {
  /** `destructive`: an error, in the danger colours and announced at once (as the React toast's). */
  variant?: ToastTone;
}

export function showToast({ title, description, variant = "default" }: Toast): void {
  const target = region();
  clearTimeout(timer);
  const tone = TOAST_TONES[variant];
  const item = document.createElement("li");
  item.className = `${TOAST_ITEM_CLASS} ${tone.item} touch-none select-none`;
  item.setAttribute("aria-atomic", "true");
  if (variant === "destructive") item.setAttribute("role", "alert");
  const text = document.createElement("div");
  text.className = "grid gap-1";
  const heading = document.createElement("div");
  heading.className = "text-sm font-semibold";
  heading.textContent = title;
  const body = document.createElement("div");
  body.className = `text-sm ${tone.description}`;
  body.textContent = description;
  text.append(heading, body);
  const close = document.createElement("button");
  close.type = "button";
  close.className = `${TOAST_CLOSE_CLASS} ${tone.close}`;
  close.setAttribute("aria-label", document.body.dataset.toastCloseLabel ?? "Close notification");
  close.innerHTML =
    '<svg aria-hidden="true" viewBox="0 0 20 20" class="h-4 w-4" fill="none" stroke="currentColor" stroke-width="2"><path d="M5 5l10 10M15 5L5 15" stroke-linecap="round"/></svg>';
  item.append(text, close);

  const dismiss = () => {
    clearTimeout(timer);
    item.remove();
  };
  const schedule = () => {
    // Focus leaving a toast as it is closed or replaced must not restart the time of the next one.
    if (!item.isConnected) return;
    clearTimeout(timer);
    timer = setTimeout(dismiss, TOAST_DURATION_MS);
  };
  close.addEventListener("click", dismiss);
  close.addEventListener("pointerdown", (event) => event.stopPropagation());
  item.addEventListener("pointerenter", () => clearTimeout(timer));
  item.addEventListener("pointerleave", schedule);
  item.addEventListener("focusin", () => clearTimeout(timer));
  item.addEventListener("focusout", schedule);
  wireSwipe(item, dismiss);
  target.replaceChildren(item);
  schedule();
}

const CARRIED_TOAST_KEY = "ovella.carried-toast";
/** A carried toast older than this is not shown. */
const CARRIED_TOAST_MAX_AGE_MS = 60_000;

/** Keeps a toast for the next page of this tab (a form island's success before a document load). */
export function carryToast(toast: Toast): void {
  // Storage blocked: the next page opens without the toast.
  handToNextPage(CARRIED_TOAST_KEY, { ...toast });
}

/** Shows, once, a toast the previous page carried here. */
export function showCarriedToast(): void {
  const toast = takeFromPreviousPage(CARRIED_TOAST_KEY, CARRIED_TOAST_MAX_AGE_MS);
  if (typeof toast?.title !== "string" || typeof toast.description !== "string") return;
  showToast({ title: toast.title, description: toast.description, variant: toast.variant === "destructive" ? "destructive" : "default" });
}
