/**
 * Toasts on pages served without React: the same look, region, close button and behaviour as the React
 * toasts (components/ui/toaster, Radix Toast): one at a time, announced politely, closed after 5 s
 * (the time stops while the pointer or focus is on it), swiped right 50 px to dismiss, F8 to reach them.
 */
import {
  TOAST_CLOSE_CLASS,
  TOAST_DURATION_MS,
  TOAST_ITEM_CLASS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_TONES,
  TOAST_VIEWPORT_CLASS,
  type ToastNotice,
  type ToastTone,
} from "~/components/ui/toast-parts";
import { handToNextPage, takeFromPreviousPage } from "~/lib/next-page";

let list: HTMLOListElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function region(): HTMLOListElement {
  if (list?.isConnected) return list;
  const section = document.createElement("section");
  section.setAttribute("aria-label", "Notifications (F8)");
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

export interface StaticToast extends ToastNotice {
  /** `destructive`: an error, in the danger colours and announced at once (as the React toast's). */
  variant?: ToastTone;
}

export function showToast({ title, description, variant = "default" }: StaticToast): void {
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
  close.setAttribute("aria-label", "Close notification");
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
export function carryToast(toast: StaticToast): void {
  // Storage blocked: the next page opens without the toast.
  handToNextPage(CARRIED_TOAST_KEY, { ...toast });
}

/** Shows, once, a toast the previous page carried here. */
export function showCarriedToast(): void {
  const toast = takeFromPreviousPage(CARRIED_TOAST_KEY, CARRIED_TOAST_MAX_AGE_MS);
  if (typeof toast?.title !== "string" || typeof toast.description !== "string") return;
  showToast({ title: toast.title, description: toast.description, variant: toast.variant === "destructive" ? "destructive" : "default" });
}
