/**
 * Super admins' webhook endpoints (ADR 0067): the list, an add dialog that shows the signing secret once,
 * enable/disable, rotation (the new secret shown once; the old one signs for 24 hours more), removal, and an
 * endpoint's deliveries with each attempt and replays.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
  type WebhookEvent,
  type WebhookSecret,
} from "#core/contracts/webhooks";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { ConfirmDeleteDialog } from "../../parts/confirm-delete-dialog";
import { formatDateTime } from "../../parts/format";
import { errorText, loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { type LocalColumn, useLocalList } from "../../parts/lists/local-list";
import { type Notice, TabNotice } from "../../parts/tab-parts";
import { ApiReferenceLink } from "../../parts/api-reference-link";
import { CreatedSecretDialog } from "../../parts/secrets/created-secret-dialog";
import { EditEndpointDialog } from "./edit-endpoint-dialog";
import { DEFAULT_EVENTS, EventsFieldset, FullRecordField } from "./endpoint-fields";
import { SecretOnce } from "../../parts/secrets/secret-once";

const ENDPOINTS_KEY = ["api", "admin", "webhooks"] as const;
const deliveriesKey = (id: string) => ["api", "admin", "webhooks", id, "deliveries"] as const;
const NO_ENDPOINTS: WebhookEndpointItem[] = [];
const NO_DELIVERIES: WebhookDeliveryItem[] = [];

function CreateEndpointDialog({ onCreated }: { onCreated: () => Promise<void> }) {
  const request = useAuthedRequest();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(DEFAULT_EVENTS);
  const [fullRecord, setFullRecord] = useState(false);
  return (
    <CreatedSecretDialog
      action="Add endpoint"
      busyAction="Adding…"
      title="Add webhook endpoint"
      description="Events are sent as signed JSON holding ids, times, form source and stage, never a form answer."
      createdTitle="Endpoint added"
      createdDescription="Give this signing secret to the receiving system: it checks every event's signature with it."
      secret={{ id: "new-webhook-secret", label: "Signing secret", hint: "The receiving system verifies signatures with this secret." }}
      fallbackError="Failed to add the endpoint"
      create={async () => (await request<WebhookSecret>("/api/admin/webhooks", { method: "POST", body: { url, description, events, fullRecord } })).secret}
      onCreated={onCreated}
      onReset={() => {
        setUrl("");
        setDescription("");
        setEvents(DEFAULT_EVENTS);
        setFullRecord(false);
      }}
    >
      {(errors) => (
        <>
          <Field id="new-webhook-url" label="Address" required hint="https://… The address must be reachable from the internet." error={errors.url?.[0]}>
            {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />}
          </Field>
          <Field id="new-webhook-description" label="Description" hint="For example: Clinic CRM" error={errors.description?.[0]}>
            {(control) => <Input {...control} autoComplete="off" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />}
          </Field>
          <EventsFieldset idPrefix="new-webhook" events={events} onChange={setEvents} error={errors.events?.[0]} />
          <FullRecordField idPrefix="new-webhook" checked={fullRecord} onChange={setFullRecord} />
        </>
      )}
    </CreatedSecretDialog>
  );
}

function RotatedSecretDialog({ secret, onClose }: { secret: WebhookSecret | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New signing secret</DialogTitle>
          <DialogDescription>The previous secret keeps signing beside this one for 24 hours, so the receiver can switch without losing an event.</DialogDescription>
        </DialogHeader>
        {secret ? <SecretOnce id="rotated-webhook-secret" label="Signing secret" value={secret.secret} hint="Update the receiving system within 24 hours." /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const DELIVERY_VARIANT: Record<WebhookDeliveryItem["status"], "default" | "secondary" | "destructive"> = {
  pending: "secondary",
  sending: "secondary",
  delivered: "default",
  failed: "destructive",
};

function deliveryColumns(onReplay: (delivery: WebhookDeliveryItem) => void, pendingId: string | null): LocalColumn<WebhookDeliveryItem>[] {
  return [
    { id: "createdAt", header: "Created", width: 190, cell: (d) => formatDateTime(d.createdAt), sort: { type: "date", value: (d) => d.createdAt } },
    { id: "eventType", header: "Event", width: 210, cell: (d) => WEBHOOK_EVENT_LABELS[d.eventType], sort: { type: "text", value: (d) => d.eventType } },
    { id: "status", header: "Status", width: 110, cell: (d) => <Badge variant={DELIVERY_VARIANT[d.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</Badge>, sort: { type: "text", value: (d) => d.status } },
    { id: "attempts", header: "Attempts", width: 100, cell: (d) => d.attempts, sort: { type: "number", value: (d) => d.attempts } },
    {
      id: "last",
      header: "Last attempt",
      width: 320,
      cell: (d) => {
        const last = d.log.at(-1);
        if (!last) return "Not tried yet";
        return `${last.outcome}${last.responseCode ? ` (${last.responseCode})` : ""}, ${last.durationMs} ms${last.error ? `: ${last.error}` : ""}`;
      },
    },
    { id: "next", header: "Next try", width: 190, cell: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : "—") },
    {
      id: "actions",
      header: "Actions",
      width: 110,
      cell: (d) =>
        d.status === "sending" ? null : (
          <Button size="sm" variant="outline" disabled={pendingId === d.id} aria-label={`Replay ${WEBHOOK_EVENT_LABELS[d.eventType]} of ${formatDateTime(d.createdAt)}`} onClick={() => onReplay(d)}>
            Replay
          </Button>
        ),
    },
  ];
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpointItem }) {
  const query = useQuery<WebhookDeliveryItem[]>({ queryKey: deliveriesKey(endpoint.id) });
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [since, setSince] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
  const replay = useMutation({
    mutationFn: (delivery: WebhookDeliveryItem) =>
      request<void>(`/api/admin/webhooks/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(delivery.id)}/replay`, { method: "POST" }),
    onSuccess: async () => {
      setNotice({ text: "Delivery queued to be sent again.", error: false });
      await refresh();
    },
    onError: (error) => setNotice({ text: errorText(error, "Failed to replay the delivery"), error: true }),
  });
  const replayAll = useMutation({
    mutationFn: () =>
      request<{ queued: number }>(`/api/admin/webhooks/${encodeURIComponent(endpoint.id)}/replay`, { method: "POST", body: { since: new Date(since).toISOString() } }),
    onSuccess: async (answer) => {
      setNotice({ text: `${answer.queued} failed ${answer.queued === 1 ? "delivery" : "deliveries"} queued again.`, error: false });
      await refresh();
    },
    onError: (error) => setNotice({ text: errorText(error, "Failed to replay the deliveries"), error: true }),
  });
  const { mutate } = replay;
  const pendingId = replay.isPending ? (replay.variables?.id ?? null) : null;
  const columns = useMemo(() => deliveryColumns((delivery) => mutate(delivery), pendingId), [mutate, pendingId]);
  const table = useLocalList({ rows: query.data ?? NO_DELIVERIES, columns, defaultSort: { columnId: "createdAt", direction: "desc" } });

  return (
    <section className="space-y-4 rounded-2xl border border-line bg-surface p-4" aria-labelledby="webhook-deliveries-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h3 id="webhook-deliveries-title" className="font-display text-xl font-semibold text-ink">
            Deliveries to {endpoint.description || endpoint.url}
          </h3>
          <p className="text-sm text-ink-muted">The newest 100, with each attempt. A replay keeps the delivery's webhook-id.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Refresh
          </Button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (since) replayAll.mutate();
            }}
          >
            <div className="space-y-1">
              <label htmlFor="webhook-replay-since" className="block text-sm font-semibold text-ink">
                Replay failed since
              </label>
              <Input id="webhook-replay-since" type="datetime-local" value={since} onChange={(e) => setSince(e.currentTarget.value)} />
            </div>
            <Button type="submit" size="sm" variant="outline" disabled={!since || replayAll.isPending}>
              Replay failed
            </Button>
          </form>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading deliveries" className="h-6 w-6 text-brand" />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Error loading deliveries: {loadErrorText(query.error, "Failed to fetch deliveries")}</AlertDescription>
        </Alert>
      ) : (
        <TabNotice notice={notice} table={table} label="Webhook deliveries" emptyMessage="No deliveries yet." idPrefix="webhook-deliveries" />
      )}
    </section>
  );
}

interface EndpointActions {
  onSaved: (endpoint: WebhookEndpointItem | null) => Promise<void>;
  onDeliveries: (endpoint: WebhookEndpointItem) => void;
  onToggle: (endpoint: WebhookEndpointItem) => void;
  onRotate: (endpoint: WebhookEndpointItem) => void;
  onRemove: (endpoint: WebhookEndpointItem, trigger: HTMLElement) => void;
}

function endpointColumns(actions: EndpointActions): LocalColumn<WebhookEndpointItem>[] {
  return [
    { id: "url", header: "Address", width: 250, className: "whitespace-normal break-all py-2", cell: (e) => e.url, sort: { type: "text", value: (e) => e.url } },
    { id: "description", header: "Description", width: 150, className: "whitespace-normal py-2", cell: (e) => e.description, sort: { type: "text", value: (e) => e.description } },
    { id: "events", header: "Events", width: 210, className: "whitespace-normal py-2", cell: (e) => e.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(", ") },
    {
      id: "payload",
      header: "Payload",
      width: 130,
      cell: (e) => (e.fullRecord ? <Badge variant="destructive">Full record</Badge> : <Badge variant="secondary">Thin</Badge>),
      sort: { type: "text", value: (e) => (e.fullRecord ? "full" : "thin") },
    },
    {
      id: "enabled",
      header: "Status",
      width: 180,
      className: "whitespace-normal py-2",
      cell: (e) =>
        e.enabled ? (
          <span className="space-x-1">
            <Badge>Enabled</Badge>
            {e.failingSince ? <span className="text-sm text-ink-muted">failing since {formatDateTime(e.failingSince)}</span> : null}
          </span>
        ) : (
          <span className="space-x-1">
            <Badge variant="destructive">Disabled</Badge> <span className="text-sm text-ink-muted">{e.disabledReason}</span>
          </span>
        ),
      sort: { type: "text", value: (e) => (e.enabled ? "enabled" : "disabled") },
    },
    {
      id: "actions",
      header: "Actions",
      width: 300,
      className: "py-2",
      cell: (e) => {
        const name = e.description || e.url;
        return (
          <div className="flex flex-wrap items-center gap-2">
            <EditEndpointDialog endpoint={e} name={name} onSaved={actions.onSaved} />
            <Button size="sm" variant="outline" aria-label={`Deliveries to ${name}`} onClick={() => actions.onDeliveries(e)}>
              Deliveries
            </Button>
            <Button size="sm" variant="outline" aria-label={`${e.enabled ? "Disable" : "Enable"} ${name}`} onClick={() => actions.onToggle(e)}>
              {e.enabled ? "Disable" : "Enable"}
            </Button>
            <Button size="sm" variant="outline" aria-label={`Rotate secret of ${name}`} onClick={() => actions.onRotate(e)}>
              Rotate secret
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-danger hover:text-danger"
              aria-label={`Remove ${name}`}
              onClick={(event) => actions.onRemove(e, event.currentTarget)}
            >
              Remove
            </Button>
          </div>
        );
      },
    },
  ];
}

export function WebhooksTab() {
  const query = useQuery<WebhookEndpointItem[]>({ queryKey: ENDPOINTS_KEY });
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [rotated, setRotated] = useState<WebhookSecret | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<WebhookEndpointItem | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }), [queryClient]);

  const toggle = useMutation({
    mutationFn: (endpoint: WebhookEndpointItem) =>
      request<WebhookEndpointItem>(`/api/admin/webhooks/${encodeURIComponent(endpoint.id)}`, { method: "PUT", body: { enabled: !endpoint.enabled } }),
    onSuccess: async (endpoint) => {
      setNotice({ text: `${endpoint.description || endpoint.url} ${endpoint.enabled ? "enabled" : "disabled"}.`, error: false });
      await refresh();
    },
    onError: (error) => setNotice({ text: errorText(error, "Failed to change the endpoint"), error: true }),
  });
  const rotate = useMutation({
    mutationFn: (endpoint: WebhookEndpointItem) => request<WebhookSecret>(`/api/admin/webhooks/${encodeURIComponent(endpoint.id)}/rotate`, { method: "POST" }),
    onSuccess: async (secret) => {
      setRotated(secret);
      await refresh();
    },
    onError: (error) => setNotice({ text: errorText(error, "Failed to rotate the secret"), error: true }),
  });
  const { mutate: toggleMutate } = toggle;
  const { mutate: rotateMutate } = rotate;

  const columns = useMemo(
    () =>
      endpointColumns({
        onSaved: async (endpoint) => {
          if (!endpoint) return setNotice({ text: "Nothing was changed.", error: false });
          const parts = [endpoint.enabled ? "enabled" : "disabled", endpoint.fullRecord ? "sends the full record" : "sends thin events"];
          setNotice({ text: `${endpoint.description || endpoint.url} saved: ${parts.join(", ")}.`, error: false });
          await refresh();
        },
        onDeliveries: (endpoint) => setSelected(endpoint.id),
        onToggle: (endpoint) => toggleMutate(endpoint),
        onRotate: (endpoint) => rotateMutate(endpoint),
        onRemove: (endpoint, trigger) => {
          setReturnFocus(trigger);
          setPendingDelete(endpoint);
        },
      }),
    [toggleMutate, rotateMutate, refresh],
  );
  const rows = query.data ?? NO_ENDPOINTS;
  const table = useLocalList({ rows, columns, defaultSort: { columnId: "url", direction: "asc" } });
  const selectedEndpoint = rows.find((e) => e.id === selected) ?? null;

  if (query.isPending) return <Spinner label="Loading webhook endpoints" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading webhooks: {loadErrorText(query.error, "Failed to fetch webhook endpoints")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">Webhooks</h2>
          <p className="text-sm text-ink-muted">
            Other systems told of new leads, stage changes and erasures, signed and retried. They read a record with an API key.
            Events and their bodies: <ApiReferenceLink />.
          </p>
        </div>
        <CreateEndpointDialog
          onCreated={async () => {
            await refresh();
          }}
        />
      </div>
      <TabNotice notice={notice} table={table} label="Webhook endpoints" emptyMessage="No webhook endpoints yet." idPrefix="webhooks" regionRef={tableRef} />
      {selectedEndpoint ? <Deliveries key={selectedEndpoint.id} endpoint={selectedEndpoint} /> : null}
      <RotatedSecretDialog secret={rotated} onClose={() => setRotated(null)} />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Remove endpoint?"
        subject={pendingDelete ? `${pendingDelete.url} will receive nothing more, and its deliveries will be removed.` : ""}
        fallbackError="Failed to remove the endpoint"
        onConfirm={async () => {
          if (!pendingDelete) return;
          await request<void>(`/api/admin/webhooks/${encodeURIComponent(pendingDelete.id)}`, { method: "DELETE" });
          if (selected === pendingDelete.id) setSelected(null);
          await refresh();
        }}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
