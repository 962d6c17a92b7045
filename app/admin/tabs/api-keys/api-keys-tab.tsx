/**
 * Super admins' API keys (ADR 0068): the keys with their scopes and last use, a create dialog that shows the
 * key once, and revocation.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyCreated, type ApiKeyItem, type ApiKeyScope } from "#core/contracts/webhooks";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { ConfirmDeleteDialog } from "../../parts/confirm-delete-dialog";
import { formatDateTime } from "../../parts/format";
import { loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { type LocalColumn, useLocalList } from "../../parts/lists/local-list";
import { type Notice, TabNotice } from "../../parts/tab-parts";
import { ApiReferenceLink } from "../../parts/api-reference-link";
import { ChoiceFieldset } from "../../parts/choice-fieldset";
import { CreatedSecretDialog } from "../../parts/secrets/created-secret-dialog";

const KEYS_KEY = ["api", "admin", "api-keys"] as const;
const NO_KEYS: ApiKeyItem[] = [];

function CreateKeyDialog({ onCreated }: { onCreated: () => Promise<void> }) {
  const request = useAuthedRequest();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["applications:read"]);
  return (
    <CreatedSecretDialog
      action="Create key"
      busyAction="Creating…"
      title="Create API key"
      description="A key lets another system make the calls its scopes allow; everything it does is audited under its name."
      createdTitle="Key created"
      createdDescription="The system sends it as Authorization: Bearer <key>."
      secret={{ id: "new-api-key", label: "API key", hint: "Store it in the other system's secret settings." }}
      fallbackError="Failed to create the key"
      create={async () => (await request<ApiKeyCreated>("/api/admin/api-keys", { method: "POST", body: { name, scopes } })).key}
      onCreated={onCreated}
      onReset={() => {
        setName("");
        setScopes(["applications:read"]);
      }}
    >
      {(errors) => (
        <>
          <Field id="new-api-key-name" label="Name" required hint="Who uses it, for example: Clinic CRM" error={errors.name?.[0]}>
            {(control) => <Input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.currentTarget.value)} />}
          </Field>
          <ChoiceFieldset idPrefix="new-api-key-scope" legend="Scopes" values={API_KEY_SCOPES} labels={API_KEY_SCOPE_LABELS} chosen={scopes} onChange={setScopes} error={errors.scopes?.[0]} />
        </>
      )}
    </CreatedSecretDialog>
  );
}

function keyColumns(onRevoke: (key: ApiKeyItem, trigger: HTMLElement) => void): LocalColumn<ApiKeyItem>[] {
  return [
    { id: "name", header: "Name", width: 200, cell: (k) => k.name, sort: { type: "text", value: (k) => k.name } },
    { id: "prefix", header: "Key starts", width: 170, cell: (k) => <code>{k.prefix}…</code> },
    { id: "scopes", header: "Scopes", width: 240, className: "whitespace-normal py-2", cell: (k) => k.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(", ") },
    { id: "createdAt", header: "Created", width: 230, className: "whitespace-normal py-2", cell: (k) => `${formatDateTime(k.createdAt)}${k.createdBy ? ` by ${k.createdBy}` : ""}`, sort: { type: "date", value: (k) => k.createdAt } },
    { id: "lastUsedAt", header: "Last used", width: 190, cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"), sort: { type: "date", value: (k) => k.lastUsedAt } },
    {
      id: "actions",
      header: "Actions",
      width: 120,
      cell: (k) => (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger hover:text-danger"
          aria-label={`Revoke the key ${k.name}`}
          onClick={(event) => onRevoke(k, event.currentTarget)}
        >
          Revoke
        </Button>
      ),
    },
  ];
}

export function ApiKeysTab() {
  const query = useQuery<ApiKeyItem[]>({ queryKey: KEYS_KEY });
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [pendingRevoke, setPendingRevoke] = useState<ApiKeyItem | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const tableRef = useRef<HTMLElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS_KEY });

  const columns = useMemo(() => keyColumns((key, trigger) => {
    setReturnFocus(trigger);
    setPendingRevoke(key);
  }), []);
  const table = useLocalList({ rows: query.data ?? NO_KEYS, columns, defaultSort: { columnId: "createdAt", direction: "desc" } });

  if (query.isPending) return <Spinner label="Loading API keys" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading API keys: {loadErrorText(query.error, "Failed to fetch API keys")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">API keys</h2>
          <p className="text-sm text-ink-muted">
            Keys other systems use to read records or move stages. Each key is shown once. Every call: <ApiReferenceLink />.
          </p>
        </div>
        <CreateKeyDialog
          onCreated={async () => {
            setNotice(null);
            await refresh();
          }}
        />
      </div>
      <TabNotice notice={notice} table={table} label="API keys" emptyMessage="No API keys yet." idPrefix="api-keys" regionRef={tableRef} />
      <ConfirmDeleteDialog
        open={pendingRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setPendingRevoke(null);
        }}
        title="Revoke key?"
        subject={pendingRevoke ? `The key ${pendingRevoke.name} stops working at once.` : ""}
        fallbackError="Failed to revoke the key"
        onConfirm={async () => {
          if (!pendingRevoke) return;
          await request<void>(`/api/admin/api-keys/${encodeURIComponent(pendingRevoke.id)}`, { method: "DELETE" });
          setNotice({ text: `The key ${pendingRevoke.name} was revoked.`, error: false });
          await refresh();
        }}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
