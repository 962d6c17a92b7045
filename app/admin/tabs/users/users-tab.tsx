import { useMemo, useRef, useState } from "react";
import { ROLE_LABELS } from "#core/options";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "../../parts/session/auth";
import { ConfirmDeleteDialog } from "../../parts/confirm-delete-dialog";
import { formatDate, formatDateTime } from "../../parts/format";
import { loadErrorText, queryKeys, useDeleteRecord, useStaffUsers } from "../../parts/session/hooks";
import { roleBadgeVariant } from "../../parts/session/permissions";
import { type LocalColumn, useLocalList } from "../../parts/lists/local-list";
import { ServerTable } from "../../parts/lists/server-table";
import { ChangeEmailDialog, ChangePasswordDialog, CreateUserDialog } from "./user-dialogs";
import { ResetFactorsDialog } from "./reset-factors-dialog";
import type { StaffUser } from "#core/contracts/users";

const EMPTY: StaffUser[] = [];

function userColumns(
  myId: string | undefined,
  onPasswordChanged: (message: string) => void,
  onDelete: (user: StaffUser, trigger: HTMLButtonElement) => void,
): LocalColumn<StaffUser>[] {
  return [
    { id: "username", header: "Username", width: 200, cell: (u) => u.username, sort: { type: "text", value: (u) => u.username } },
    {
      id: "role",
      header: "Role",
      width: 140,
      cell: (u) => <Badge variant={roleBadgeVariant(u.role)}>{ROLE_LABELS[u.role]}</Badge>,
      sort: { type: "text", value: (u) => u.role },
    },
    { id: "email", header: "Work email", width: 220, cell: (u) => u.email ?? "None", sort: { type: "text", value: (u) => u.email ?? "" } },
    { id: "created_at", header: "Created", width: 150, cell: (u) => formatDate(u.created_at), sort: { type: "date", value: (u) => u.created_at } },
    {
      id: "last_login",
      header: "Last Login",
      width: 220,
      cell: (u) => (u.last_login ? formatDateTime(u.last_login) : "Never"),
      sort: { type: "date", value: (u) => u.last_login },
    },
    {
      id: "actions",
      header: "Actions",
      width: 480,
      cell: (u) => {
        const own = u.id === myId;
        return (
          <div className="flex items-center gap-2">
            <ChangePasswordDialog user={u} onChanged={onPasswordChanged} />
            <ChangeEmailDialog user={u} onChanged={onPasswordChanged} />
            <ResetFactorsDialog user={u} onDone={onPasswordChanged} />
            <Button
              size="sm"
              variant="ghost"
              className="text-danger hover:text-danger"
              aria-label={own ? `Delete user ${u.username} (you cannot delete your own account)` : `Delete user ${u.username}`}
              disabled={own}
              onClick={(event) => onDelete(u, event.currentTarget)}
            >
              Delete
            </Button>
          </div>
        );
      },
    },
  ];
}

export function UsersTab() {
  const { user: me } = useAuth();
  const query = useStaffUsers(true);
  const rows = query.data ?? EMPTY;
  const [pendingDelete, setPendingDelete] = useState<{ user: StaffUser; trigger: HTMLElement } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const remove = useDeleteRecord<StaffUser>(queryKeys.users, "/api/users");
  const myId = me?.id;

  const columns = useMemo(
    () => userColumns(myId, setNotice, (user, trigger) => {
        setReturnFocus(trigger);
        setPendingDelete({ user, trigger });
      }),
    [myId],
  );
  const table = useLocalList({ rows, columns, defaultSort: { columnId: "username", direction: "asc" } });

  if (query.isPending) return <Spinner label="Loading users" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading users: {loadErrorText(query.error, "Failed to fetch users")}</AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">User Management</h2>
          <p className="text-sm text-ink-muted">Staff accounts that can sign in to this dashboard.</p>
        </div>
        <CreateUserDialog />
      </div>
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <ServerTable
        list={table.source}
        columns={table.columns}
        label="Staff users"
        emptyMessage="No staff users yet."
        isEmpty={table.isEmpty}
        noMatchesMessage="No staff users."
        regionRef={tableRef}
        idPrefix="users"
      />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete user?"
        subject={pendingDelete ? `The account ${pendingDelete.user.username} will be deleted and signed out.` : ""}
        fallbackError="Failed to delete user"
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete.user.id) : Promise.resolve())}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
