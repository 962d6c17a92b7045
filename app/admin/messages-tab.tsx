import { facts } from "#core/brand";
import type { ContactStatsResponse } from "#core/contracts/lists";
import { CONTACT_REASONS, contactReasonLabel } from "#core/options";
import { csvFileName } from "./csv";
import { formatDateTime } from "./format";
import type { ServerColumn } from "./lists/server-table";
import type { FilterDef } from "./lists/use-server-list";
import { DATE_FILTERS, fullName, NAME_FILTERS, RecordLink, RecordsTab, SEARCH_FILTER } from "./records-tab";
import { StatCard } from "./stat-card";
import { TruncatedText } from "./truncated-text";
import type { ContactMessageRecord } from "./types";

export const contactPath = (id: string) => `/admin/contact/${encodeURIComponent(id)}`;

const MESSAGE_COLUMNS: readonly ServerColumn<ContactMessageRecord>[] = [
  { id: "name", header: "Name", width: 190, sortable: true, cell: (r) => <RecordLink href={contactPath(r.id)}>{fullName(r)}</RecordLink> },
  { id: "email", header: "Email", width: 230, sortable: true, cell: (r) => r.email },
  { id: "phone", header: "Phone", width: 150, cell: (r) => r.phone || "—" },
  { id: "reason", header: "Reason", width: 220, sortable: true, cell: (r) => contactReasonLabel(r.reason) },
  { id: "subject", header: "Subject", width: 220, sortable: true, cell: (r) => <TruncatedText text={r.subject} /> },
  { id: "message", header: "Message", width: 280, cell: (r) => <TruncatedText text={r.message} /> },
  { id: "submitted_at", header: "Submitted", width: 210, sortable: true, cell: (r) => formatDateTime(r.submitted_at) },
];

const MESSAGE_FILTERS: readonly FilterDef[] = [
  SEARCH_FILTER,
  { id: "reason", label: "Reason", kind: "select", options: CONTACT_REASONS.map((r) => ({ value: r.value, label: r.label })) },
  ...DATE_FILTERS,
  ...NAME_FILTERS,
];

function MessageStats({ stats }: { stats: ContactStatsResponse | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      <StatCard title="Total Messages" value={stats ? stats.total.toLocaleString("en-US") : "…"} />
      <StatCard title="This Week" value={stats ? stats.thisWeek.toLocaleString("en-US") : "…"} />
    </div>
  );
}

const messagesFileName = () => csvFileName(facts.exportPrefix, "contact-messages");

export function MessagesTab() {
  return (
    <RecordsTab<ContactMessageRecord, ContactStatsResponse>
      basePath="/api/admin/contact"
      filters={MESSAGE_FILTERS}
      columns={MESSAGE_COLUMNS}
      title="Contact Messages"
      tableLabel="Contact messages"
      plural="contact messages"
      noun="message"
      idPrefix="messages"
      emptyMessage="No contact messages yet."
      loadFallback="Failed to fetch contact messages"
      deleteTitle="Delete contact message?"
      deleteFallback="Failed to delete contact message"
      deletePath="/api/contact"
      exportFileName={messagesFileName}
      Stats={MessageStats}
    />
  );
}
