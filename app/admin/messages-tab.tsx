import type { ContactRow, ContactStatsResponse } from "#core/contracts/lists";
import { CONTACT_LIST } from "#core/lists/declarations";
import { contactReasonLabel } from "#core/options";
import { formatDateTime } from "./format";
import { declaredColumns } from "./lists/declared-columns";
import { RECORD_KINDS } from "./record-kinds";
import { fullName, RecordLink, RecordsTab } from "./records-tab";
import { StatCard } from "./stat-card";
import { TruncatedText } from "./truncated-text";

export const contactPath = (id: string) => `/admin/contact/${encodeURIComponent(id)}`;

const MESSAGE_COLUMNS = declaredColumns<typeof CONTACT_LIST, ContactRow>(CONTACT_LIST, {
  name: { width: 190, cell: (r) => <RecordLink href={contactPath(r.id)}>{fullName(r)}</RecordLink> },
  email: { width: 230, cell: (r) => r.email },
  phone: { width: 150, cell: (r) => r.phone || "—" },
  reason: { width: 220, cell: (r) => contactReasonLabel(r.reason) },
  subject: { width: 220, cell: (r) => <TruncatedText text={r.subject} /> },
  message: { width: 280, cell: (r) => <TruncatedText text={r.message} /> },
  submitted_at: { width: 210, cell: (r) => formatDateTime(r.submitted_at) },
});

function MessageStats({ stats }: { stats: ContactStatsResponse | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      <StatCard title="Total Messages" value={stats ? stats.total.toLocaleString("en-US") : "…"} />
      <StatCard title="This Week" value={stats ? stats.thisWeek.toLocaleString("en-US") : "…"} />
    </div>
  );
}


export function MessagesTab() {
  return (
    <RecordsTab<ContactRow, ContactStatsResponse>
      kind={RECORD_KINDS.contact}
      columns={MESSAGE_COLUMNS}
      Stats={MessageStats}
    />
  );
}
