/**
 * The English words every page says outside its layout (ADR 0113): the consent banner and the notifications' region,
 * which the root layout renders on every page. A page in Spanish sends notice-es.ts with its other messages.
 */
import type { Catalogue } from "./catalogue";

export const NOTICE_EN = {
  "notice.consent.heading": "Your privacy choices",
  "notice.consent.ask": "May we use Meta’s advertising pixel to measure our ads, and ask for your approximate location? Only with your OK. Your form answers (age, interest, zip code, phone, notes) are never shared with advertisers. {policy}",
  "notice.consent.gpc": "Your browser sends a Global Privacy Control signal, and we honor it as a decline: no advertising pixel, no ad cookies and no location request. Details are in our {policy}.",
  "notice.consent.policy": "Privacy Policy",
  "notice.consent.accept": "Accept",
  "notice.consent.decline": "Decline",
  "notice.consent.close": "Close",
  "notice.consent.granted": "Your current choice: advertising measurement is allowed.",
  "notice.consent.declined": "Your current choice: advertising measurement is declined.",
  "notice.toasts": "Notifications (F8)",
  "notice.toastClose": "Close notification",
} as const satisfies Catalogue;

export type NoticeKey = keyof typeof NOTICE_EN;
