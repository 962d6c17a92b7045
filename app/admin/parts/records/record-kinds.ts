/**
 * The two kinds of submitted records the admin lists and opens: their list declaration and the texts
 * staff read about them, shared by the list tabs (records-tab.tsx) and the record page, and the addresses of their pages.
 */
import type { RecordGroup } from "#core/fields";
import { APPLICATIONS_LIST, CONTACT_LIST } from "#core/lists/declarations";

export const RECORD_KINDS = {
  application: {
    list: APPLICATIONS_LIST,
    /** The dashboard tab that lists them. */
    listPath: "/admin",
    /** Lower-case singular used in delete labels and the record page. */
    noun: "application",
    /** Lower-case plural for texts. */
    plural: "applications",
    title: "Applications",
    recordTitle: "Application",
    tableLabel: "Applications",
    idPrefix: "applications",
    emptyMessage: "No applications submitted yet.",
    notFound: "This application does not exist or was deleted.",
    loadFallback: "Failed to fetch applications",
    deleteTitle: "Delete application?",
    deleteFallback: "Failed to delete application",
    /** The record page's sections of its fields: catalogue groups (core/fields.ts) and their titles. */
    sections: [
      ["application", "Application"],
      ["consent", "Consent"],
      ["attribution", "Attribution"],
    ],
    otherTitle: "Other applications from this email address",
    otherNone: "None: this is the only application from this address.",
  },
  contact: {
    list: CONTACT_LIST,
    listPath: "/admin?tab=messages",
    noun: "message",
    plural: "contact messages",
    title: "Contact Messages",
    recordTitle: "Contact message",
    tableLabel: "Contact messages",
    idPrefix: "messages",
    emptyMessage: "No contact messages yet.",
    notFound: "This contact message does not exist or was deleted.",
    loadFallback: "Failed to fetch contact messages",
    deleteTitle: "Delete contact message?",
    deleteFallback: "Failed to delete contact message",
    sections: [["message", "Contact message"]],
    otherTitle: "Other messages from this email address",
    otherNone: "None: this is the only message from this address.",
  },
} as const satisfies Record<string, { sections: readonly (readonly [RecordGroup, string])[]; [text: string]: unknown }>;

export type RecordKind = keyof typeof RECORD_KINDS;

/** The address of one record's page. */
export const applicationPath = (id: string) => `/admin/applications/${encodeURIComponent(id)}`;
export const contactPath = (id: string) => `/admin/contact/${encodeURIComponent(id)}`;
export type RecordKindTexts = (typeof RECORD_KINDS)[RecordKind];
