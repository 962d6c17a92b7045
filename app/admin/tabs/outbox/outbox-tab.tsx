/**
 * Super admins' view of the email outbox: each email's kind, recipients, state, attempts and last
 * error, with a resend for failed ones. Message bodies are never loaded here.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { type OutboxItem, outboxKindLabel, OUTBOX_STATUS_LABELS, OUTBOX_STATUSES, type OutboxSummary } from "#core/contracts/outbox";
import { formatDateTime } from "../../parts/format";
import { errorText, loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { type LocalColumn, useLocalList } from "../../parts/lists/local-list";
import { type Notice, TabNotice } from "../../parts/tab-parts";

const OUTBOX_KEY = ["api", "outbox"] as const;
const EMPTY: OutboxItem[] = [];


const STATUS_VARIANT: Record<OutboxItem["status"], "default" | "secondary" | "destructive"> = {
  queued: "secondary",
  sending: "secondary",
  sent: "default",
  failed: "destructive",
  capped: "secondary",
};

function columns(onResend: (item: OutboxItem) => void, pendingId: string | null): LocalColumn<OutboxItem>[] {
  return [
    { id: "created_at", header: "Queued", width: 190, cell: (r) => formatDateTime(r.created_at), sort: { type: "date", value: (r) => r.created_at } },
    { id: "kind", header: "Email", width: 220, cell: (r) => outboxKindLabel(r.kind), sort: { type: "text", value: (r) => r.kind } },
    { id: "recipients", header: "To", width: 240, cell: (r) => r.recipients.join(", "), sort: { type: "text", value: (r) => r.recipients.join(",") } },
    {
      id: "status",
      header: "Status",
      width: 110,
      cell: (r) => <Badge variant={STATUS_VARIANT[r.status] ?? "secondary"}>{OUTBOX_STATUS_LABELS[r.status]}</Badge>,
      sort: { type: "text", value: (r) => r.status },
    },
    { id: "attempts", header: "Attempts", width: 100, cell: (r) => r.attempts, sort: { type: "number", value: (r) => r.attempts } },
    {
      id: "next",
      header: "Sent / next try",
      width: 190,
      cell: (r) => (r.sent_at ? formatDateTime(r.sent_at) : r.status === "failed" ? "—" : formatDateTime(r.next_attempt_at)),
      sort: { type: "date", value: (r) => r.sent_at ?? r.next_attempt_at },
    },
    { id: "last_error", header: "Last error", width: 280, cell: (r) => r.last_error ?? "", sort: { type: "text", value: (r) => r.last_error } },
    {
      id: "actions",
      header: "Actions",
      width: 120,
      cell: (r) =>
        r.status === "failed" ? (
          <Button
            size="sm"
            variant="outline"
            disabled={pendingId === r.id}
            aria-label={`Resend ${outboxKindLabel(r.kind)} to ${r.recipients.join(", ")}`}
            onClick={() => onResend(r)}
          >
            Resend
          </Button>
        ) : null,
    },
  ];
}

export function OutboxTab() {
  const query = useQuery<OutboxSummary>({ queryKey: OUTBOX_KEY });
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const resend = useMutation({
    mutationFn: (item: OutboxItem) =>
      request<void>(`/api/outbox/${encodeURIComponent(item.id)}/resend`, { method: "POST" }),
    onSuccess: async (_data, item) => {
      setNotice({ text: `${outboxKindLabel(item.kind)} queued to be sent again.`, error: false });
      await queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    },
    onError: (error) => setNotice({ text: errorText(error, "Failed to resend the email"), error: true }),
  });
  const pendingId = resend.isPending ? (resend.variables?.id ?? null) : null;
  const { mutate } = resend;
  const cols = useMemo(() => columns((item) => mutate(item), pendingId), [mutate, pendingId]);
  const table = useLocalList({
    rows: query.data?.items ?? EMPTY,
    columns: cols,
    defaultSort: { columnId: "created_at", direction: "desc" },
  });

  if (query.isPending) return <Spinner label="Loading the outbox" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading the outbox: {loadErrorText(query.error, "Failed to fetch the outbox")}</AlertDescription>
      </Alert>
    );
  }
  const counts = query.data.counts;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">Outbox</h2>
          <p className="text-sm text-ink-muted">
            Emails the site sends after a form: state and delivery attempts. Message contents are not shown.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Emails by state">
        {OUTBOX_STATUSES.map((status) => (
          <div key={status} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm text-ink-muted">{OUTBOX_STATUS_LABELS[status]}</dt>
            <dd className="font-display text-2xl font-semibold text-ink">{counts[status]}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-muted" data-testid="outbox-caps">
        Capped (not sent, the form was still saved): {query.data.caps.recipient} because the address already had
        its one email today, {query.data.caps.global} because the hourly ceiling was reached.
      </p>
      <TabNotice notice={notice} table={table} label="Outbox emails" emptyMessage="No emails yet." idPrefix="outbox" />
    </div>
  );
}
