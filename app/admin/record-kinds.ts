/**
 * The two kinds of submitted records the admin lists and opens: their list declaration and the texts
 * staff read about them, shared by the list tabs (records-tab.tsx) and the record page.
 */
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
  },
} as const;

export type RecordKind = keyof typeof RECORD_KINDS;
export type RecordKindTexts = (typeof RECORD_KINDS)[RecordKind];
