import { useMemo, useRef, useState } from "react";
import { facts } from "#core/brand";
import { contactReasonLabel } from "#core/options";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DataTable, DataTableFilters, type DataTableColumn, useDataTable } from "~/components/ui/data-table";
import { Spinner } from "~/components/ui/spinner";
import { fullName } from "./applications-tab";
import { useAuth } from "./auth";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { csvFileName } from "./csv";
import { CONTACT_CSV_COLUMNS } from "./exports";
import { formatDateTime } from "./format";
import { loadErrorText, queryKeys, useContactMessages, useCsvExport, useDeleteRecord } from "./hooks";
import { StatCard } from "./stat-card";
import { messageStats } from "./stats";
import { ExportButton, TableHeading } from "./tab-parts";
import { TruncatedText } from "./truncated-text";
import type { ContactMessageRecord } from "./types";

const EMPTY: ContactMessageRecord[] = [];

const reason = (r: ContactMessageRecord) => contactReasonLabel(r.reason);

const NAME_FILTERS = [
  { id: "firstName", label: "First name", value: (r: ContactMessageRecord) => r.firstName },
  { id: "lastName", label: "Last name", value: (r: ContactMessageRecord) => r.lastName },
] as const;

function messageColumns(
  canDelete: boolean,
  onDelete: (row: ContactMessageRecord, trigger: HTMLButtonElement) => void,
): DataTableColumn<ContactMessageRecord>[] {
  const columns: DataTableColumn<ContactMessageRecord>[] = [
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
  if (canDelete) {
    columns.push({
      id: "actions",
      header: "Actions",
      width: 110,
      cell: (r) => (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger hover:text-danger"
          aria-label={`Delete message from ${fullName(r)}`}
          onClick={(event) => onDelete(r, event.currentTarget)}
        >
          Delete
        </Button>
      ),
    });
  }
  return columns;
}

export function MessagesTab() {
  const { canDeleteData } = useAuth();
  const query = useContactMessages();
  const rows = query.data ?? EMPTY;
  const [pendingDelete, setPendingDelete] = useState<{ row: ContactMessageRecord; trigger: HTMLElement } | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const remove = useDeleteRecord<ContactMessageRecord>(queryKeys.contactMessages, "/api/contact");

  const columns = useMemo(() => messageColumns(canDeleteData, (row, trigger) => {
        setReturnFocus(trigger);
        setPendingDelete({ row, trigger });
      }), [canDeleteData]);
  const table = useDataTable({
    rows,
    columns,
    filters: NAME_FILTERS,
    defaultSort: { columnId: "submitted_at", direction: "desc" },
  });
  const stats = useMemo(() => messageStats(rows), [rows]);
  const exporter = useCsvExport("contact_messages", CONTACT_CSV_COLUMNS, () =>
    csvFileName(facts.exportPrefix, "contact-messages"),
  );

  if (query.isPending) return <Spinner label="Loading contact messages" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Error loading contact messages: {loadErrorText(query.error, "Failed to fetch contact messages")}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <TableHeading
        title="Contact Messages"
        shown={table.rows.length}
        total={rows.length}
        action={
          <ExportButton
            onClick={() => void exporter.run(table.rows)}
            busy={exporter.isExporting}
            disabled={rows.length === 0}
          />
        }
      />
      {exporter.error ? (
        <Alert variant="destructive">
          <AlertDescription>{exporter.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard title="Total Messages" value={stats.total.toLocaleString("en-US")} />
        <StatCard title="This Week" value={stats.thisWeek.toLocaleString("en-US")} />
      </div>
      <DataTableFilters table={table} idPrefix="messages" />
      <DataTable
        table={table}
        label="Contact messages"
        emptyMessage="No contact messages yet."
        noMatchesMessage="No contact messages match these filters."
        className={table.isUpdating ? "opacity-80" : undefined}
        regionRef={tableRef}
      />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete contact message?"
        subject={pendingDelete ? `The message from ${fullName(pendingDelete.row)} will be deleted.` : ""}
        fallbackError="Failed to delete contact message"
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete.row.id) : Promise.resolve())}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
