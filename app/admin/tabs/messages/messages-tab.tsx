import type { ContactRow, ContactStatsResponse } from "#core/contracts/lists";
import { CONTACT_LIST } from "#core/lists/declarations";
import { languageLabel } from "#core/i18n/languages";
import { contactReasonLabel } from "#core/options";
import { formatDateTime } from "../../parts/format";
import { declaredColumns } from "../../parts/lists/declared-columns";
import { contactPath, RECORD_KINDS } from "../../parts/records/record-kinds";
import { fullName, RecordLink, RecordsTab } from "../../parts/records/records-tab";
import { StatCard } from "../../parts/stat-card";
import { TruncatedText } from "../../parts/truncated-text";

const MESSAGE_COLUMNS = declaredColumns<typeof CONTACT_LIST, ContactRow>(CONTACT_LIST, {
  name: { width: 190, cell: (r) => <RecordLink href={contactPath(r.id)}>{fullName(r)}</RecordLink> },
  email: { width: 230, cell: (r) => r.email },
  phone: { width: 150, cell: (r) => r.phone || "—" },
  reason: { width: 220, cell: (r) => contactReasonLabel(r.reason) },
  subject: { width: 220, cell: (r) => <TruncatedText text={r.subject} /> },
  message: { width: 280, cell: (r) => <TruncatedText text={r.message} /> },
  submitted_at: { width: 210, cell: (r) => formatDateTime(r.submitted_at) },
  language: { width: 110, hiddenByDefault: true, cell: (r) => languageLabel(r.preferred_language) },
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
