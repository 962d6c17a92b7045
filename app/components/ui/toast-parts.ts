/** What the React toasts (./toast, ./toaster) and the toasts of pages served without React have in common. */
import type * as React from "react";

/** How long a toast stays (docs/requirements.md §4). */
export const TOAST_DURATION_MS = 5000;
/** How far a toast must be swiped right to be dismissed (docs/requirements.md §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const TOAST_VIEWPORT_CLASS =
  "fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]";
export const TOAST_ITEM_CLASS =
  "toast-item group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg";
/** The colours of each variant: the toast, its description and its close button. */
export const TOAST_TONES = {
  default: { item: "border-line bg-surface text-ink", description: "text-ink-muted", close: "text-ink-muted hover:bg-brand-soft" },
  destructive: { item: "border-danger bg-danger text-white", description: "text-white", close: "text-white hover:bg-white/10" },
} as const;
export type ToastTone = keyof typeof TOAST_TONES;

/** What a toast says. */
export interface ToastNotice {
  title: string;
  description: string;
}
export const TOAST_CLOSE_CLASS = "absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full";

export type ToastVariant = ToastTone;

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
