import { useMemo } from "react";
import { facts } from "#core/brand";
import { contactReasonLabel } from "#core/options";
import type { DataTableColumn } from "~/components/ui/data-table";
import { csvFileName } from "./csv";
import { CONTACT_CSV_COLUMNS } from "./exports";
import { formatDateTime } from "./format";
import { queryKeys, useContactMessages } from "./hooks";
import { fullName, RecordsTab } from "./records-tab";
import { StatCard } from "./stat-card";
import { messageStats } from "./stats";
import { TruncatedText } from "./truncated-text";
import type { ContactMessageRecord } from "./types";

const reason = (r: ContactMessageRecord) => contactReasonLabel(r.reason);

const MESSAGE_COLUMNS: readonly DataTableColumn<ContactMessageRecord>[] = [
  { id: "name", header: "Name", width: 190, cell: fullName, sort: { type: "text", value: fullName } },
  { id: "email", header: "Email", width: 230, cell: (r) => r.email, sort: { type: "text", value: (r) => r.email } },
  { id: "phone", header: "Phone", width: 150, cell: (r) => r.phone || "—" },
  { id: "reason", header: "Reason", width: 220, cell: reason, sort: { type: "text", value: reason } },
  { id: "subject", header: "Subject", width: 220, cell: (r) => <TruncatedText text={r.subject} />, sort: { type: "text", value: (r) => r.subject } },
  { id: "message", header: "Message", width: 280, cell: (r) => <TruncatedText text={r.message} /> },
  {
    id: "submitted_at",
    header: "Submitted",
    width: 210,
    cell: (r) => formatDateTime(r.submitted_at),
    sort: { type: "date", value: (r) => r.submitted_at },
  },
];

function MessageStats({ rows }: { rows: readonly ContactMessageRecord[] }) {
  const stats = useMemo(() => messageStats(rows), [rows]);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      <StatCard title="Total Messages" value={stats.total.toLocaleString("en-US")} />
      <StatCard title="This Week" value={stats.thisWeek.toLocaleString("en-US")} />
    </div>
  );
}

const messagesFileName = () => csvFileName(facts.exportPrefix, "contact-messages");

export function MessagesTab() {
  return (
    <RecordsTab
      query={useContactMessages()}
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
      queryKey={queryKeys.contactMessages}
      exportKind="contact_messages"
      exportColumns={CONTACT_CSV_COLUMNS}
      exportFileName={messagesFileName}
      Stats={MessageStats}
    />
  );
}
