/** Privacy requests: log one (received date, kind, notes) and work through the open ones, soonest due first. */
import { useId, useState } from "react";
import { PRIVACY_DUE_DAYS, PRIVACY_KIND_LABELS, PRIVACY_REQUEST_KINDS, privacyRequestCreateSchema } from "#core/privacy";
import { calendarDay } from "#core/time";
import { fieldErrors } from "#core/validation";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { ApiError } from "~/lib/api-client";
import { formatDate } from "../../parts/format";
import { errorText, loadErrorText } from "../../parts/session/hooks";
import { useCreateRequest, useOpenRequests, useUpdateRequest } from "./api";
import type { PrivacyRequestRecord } from "#core/contracts/privacy";

const today = () => calendarDay(new Date(), "UTC");

function daysLeft(due: string): number {
  return Math.ceil((new Date(due).getTime() - Date.now()) / 86_400_000);
}

export function RequestsPanel({ onLookUp, onNotice }: { onLookUp: (email: string) => void; onNotice: (message: string) => void }) {
  return (
    <div className="space-y-6">
      <LogRequestForm onNotice={onNotice} />
      <OpenRequests onLookUp={onLookUp} onNotice={onNotice} />
    </div>
  );
}

function LogRequestForm({ onNotice }: { onNotice: (message: string) => void }) {
  const id = useId();
  const [values, setValues] = useState({ email: "", kind: "", receivedOn: today(), notes: "" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRequest();
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = privacyRequestCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = (["email", "kind", "receivedOn", "notes"] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const row = await create.mutateAsync({ ...values, kind: parsed.data.kind });
      onNotice(`Logged the ${row.kind} request, due ${formatDate(row.due_at)}.`);
      setValues({ email: "", kind: "", receivedOn: today(), notes: "" });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else setFailure(errorText(error, "Failed to log the request"));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Log a request</CardTitle>
        <CardDescription>
          Access and correction requests are due {PRIVACY_DUE_DAYS.access} days after receipt; erasures {PRIVACY_DUE_DAYS.erasure} days.
          Exporting, correcting or erasing for the address completes its open request of that kind.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          {failure ? (
            <Alert variant="destructive" className="sm:col-span-2">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <Field id={`${id}-email`} label="Email address" required error={errors.email?.[0]}>
            {(control) => <Input {...control} type="email" autoComplete="off" value={values.email} onChange={set("email")} />}
          </Field>
          <Field id={`${id}-kind`} label="Kind of request" required error={errors.kind?.[0]}>
            {(control) => (
              <Select {...control} value={values.kind} onChange={set("kind")}>
                <option value="">Select…</option>
                {PRIVACY_REQUEST_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {PRIVACY_KIND_LABELS[kind]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-receivedOn`} label="Date received" required error={errors.receivedOn?.[0]}>
            {(control) => <Input {...control} type="date" max={today()} value={values.receivedOn} onChange={set("receivedOn")} />}
          </Field>
          <Field id={`${id}-notes`} label="Notes" hint="How it arrived, how identity was checked. No health details." error={errors.notes?.[0]}>
            {(control) => <Textarea {...control} rows={2} value={values.notes} onChange={set("notes")} />}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Saving..." : "Log request"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function OpenRequests({ onLookUp, onNotice }: { onLookUp: (email: string) => void; onNotice: (message: string) => void }) {
  const query = useOpenRequests();
  const update = useUpdateRequest();
  const [failure, setFailure] = useState<string | null>(null);

  const setStatus = async (row: PrivacyRequestRecord, status: "completed" | "declined") => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: row.id, status });
      onNotice(`Marked the ${row.kind} request ${status}.`);
    } catch (error) {
      setFailure(errorText(error, "Failed to update the request"));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Open requests</CardTitle>
        <CardDescription>Soonest due first.</CardDescription>
      </CardHeader>
      <CardContent>
        {failure ? (
          <Alert variant="destructive" className="mb-4">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading requests" className="h-6 w-6 text-brand" />
        ) : query.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Error loading requests: {loadErrorText(query.error, "Failed to fetch privacy requests")}</AlertDescription>
          </Alert>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-ink-muted">No open requests.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm" aria-label="Open privacy requests">
              <thead className="border-b border-line text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">Due</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Kind</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Address</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Received</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">Logged by</th>
                  <th scope="col" className="py-2 font-semibold">Actions</th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((row) => {
                  const left = daysLeft(row.due_at);
                  return (
                    <tr key={row.id} className="border-b border-line/60 align-top">
                      <td className="py-2 pr-3">
                        {formatDate(row.due_at)}{" "}
                        <Badge variant={left < 0 ? "destructive" : left <= 7 ? "default" : "outline"}>
                          {left < 0 ? `${-left} days overdue` : `${left} days left`}
                        </Badge>
                      </td>
                      <td className="py-2 pr-3">{PRIVACY_KIND_LABELS[row.kind]}</td>
                      <td className="py-2 pr-3 break-all">{row.subject_email ?? <span className="text-ink-muted">erased</span>}</td>
                      <td className="py-2 pr-3">{formatDate(row.received_at)}</td>
                      <td className="py-2 pr-3">{row.handled_by_username ?? ""}</td>
                      <td className="py-2">
                        <div className="flex flex-wrap gap-2">
                          {row.subject_email ? (
                            <Button size="sm" variant="outline" aria-label={`Look up ${row.subject_email}`} onClick={() => onLookUp(row.subject_email ?? "")}>
                              Look up
                            </Button>
                          ) : null}
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Mark completed: the ${row.kind} request due ${formatDate(row.due_at)}`}
                            onClick={() => void setStatus(row, "completed")}
                          >
                            Mark completed
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Decline: the ${row.kind} request due ${formatDate(row.due_at)}`}
                            onClick={() => void setStatus(row, "declined")}
                          >
                            Decline
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
