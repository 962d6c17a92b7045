/**
 * Editing an endpoint (ADR 0067): its address, description, events, enabled or not, and the full-record switch.
 * Only what changed is sent (PUT /api/admin/webhooks/{id}), so the audit log records just that. Turning the full
 * record on asks for a confirmation first: every push of an applicant's details is a disclosure.
 */
import { useState } from "react";
import type { WebhookEndpointItem, WebhookEvent, WebhookUpdateRequest } from "#core/contracts/webhooks";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";
import { EventsFieldset, FULL_RECORD_WARNING, FullRecordField } from "./endpoint-fields";
import { type FieldErrors, FormEnd } from "../../parts/secrets/created-secret-dialog";
import { fieldMessages } from "../../parts/secrets/secret-once";

interface Draft {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  fullRecord: boolean;
}

const draftOf = (endpoint: WebhookEndpointItem): Draft => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
  fullRecord: endpoint.fullRecord,
});

const sameEvents = (a: readonly WebhookEvent[], b: readonly WebhookEvent[]) => a.length === b.length && a.every((event) => b.includes(event));

/** The fields that differ from the endpoint as listed. */
export function changeOf(endpoint: WebhookEndpointItem, draft: Draft): WebhookUpdateRequest {
  const change: WebhookUpdateRequest = {};
  if (draft.url.trim() !== endpoint.url) change.url = draft.url;
  if (draft.description.trim() !== endpoint.description) change.description = draft.description;
  if (!sameEvents(draft.events, endpoint.events)) change.events = draft.events;
  if (draft.enabled !== endpoint.enabled) change.enabled = draft.enabled;
  if (draft.fullRecord !== endpoint.fullRecord) change.fullRecord = draft.fullRecord;
  return change;
}

export function EditEndpointDialog({ endpoint, name, onSaved }: { endpoint: WebhookEndpointItem; name: string; onSaved: (endpoint: WebhookEndpointItem | null) => Promise<void> }) {
  const request = useAuthedRequest();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(endpoint));
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const idPrefix = `edit-webhook-${endpoint.id}`;

  const save = async () => {
    const change = changeOf(endpoint, draft);
    if (Object.keys(change).length === 0) {
      setOpen(false);
      await onSaved(null);
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = await request<WebhookEndpointItem>(`/api/admin/webhooks/${encodeURIComponent(endpoint.id)}`, { method: "PUT", body: change });
      setBusy(false);
      setOpen(false);
      await onSaved(saved);
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      const fields = fieldMessages(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorText(error, "Failed to change the endpoint"));
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Turning the full record on is confirmed first; turning it off, or any other change, is saved at once.
    if (draft.fullRecord && !endpoint.fullRecord && !confirming) {
      setConfirming(true);
      return;
    }
    void save();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) return;
        setDraft(draftOf(endpoint));
        setConfirming(false);
        setErrors({});
        setFailure(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Edit ${name}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        {confirming ? (
          <form className="space-y-4" onSubmit={submit}>
            <DialogHeader>
              <DialogTitle>Send the full record?</DialogTitle>
              <DialogDescription>
                From now on, each event about an application or a contact message sent to {name} carries the person&apos;s answers: name,
                email address, phone, age, state, zip code and what they wrote.
              </DialogDescription>
            </DialogHeader>
            <Alert variant="destructive" role="note">
              <AlertTitle>This is a disclosure</AlertTitle>
              <AlertDescription>{FULL_RECORD_WARNING} The change is recorded in the audit log.</AlertDescription>
            </Alert>
            <FormEnd
              failure={failure}
              busy={busy}
              submit={busy ? "Saving…" : "Send the full record"}
              submitVariant="destructive"
              back={{ label: "Back", onClick: () => setConfirming(false) }}
            />
          </form>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Edit endpoint</DialogTitle>
              <DialogDescription>Changes apply to events queued from now on. Each change is recorded in the audit log.</DialogDescription>
            </DialogHeader>
            <form className="space-y-4" noValidate onSubmit={submit}>
              <Field id={`${idPrefix}-url`} label="Address" required hint="https://… The address must be reachable from the internet." error={errors.url?.[0]}>
                {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" value={draft.url} onChange={(e) => set("url", e.currentTarget.value)} />}
              </Field>
              <Field id={`${idPrefix}-description`} label="Description" hint="For example: Clinic CRM" error={errors.description?.[0]}>
                {(control) => <Input {...control} autoComplete="off" value={draft.description} onChange={(e) => set("description", e.currentTarget.value)} />}
              </Field>
              <EventsFieldset idPrefix={idPrefix} events={draft.events} onChange={(events) => set("events", events)} error={errors.events?.[0]} />
              <Checkbox
                id={`${idPrefix}-enabled`}
                label={endpoint.enabled || !endpoint.disabledReason ? "Enabled: events are sent" : `Enabled: events are sent (now disabled: ${endpoint.disabledReason})`}
                checked={draft.enabled}
                onChange={(e) => set("enabled", e.currentTarget.checked)}
              />
              <FullRecordField idPrefix={idPrefix} checked={draft.fullRecord} onChange={(checked) => set("fullRecord", checked)} />
              <FormEnd failure={failure} busy={busy} submit={busy ? "Saving…" : "Save"} />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
