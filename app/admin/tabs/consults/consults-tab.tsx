/**
 * The Consults tab (ADR 0100): one day's consults in the clinic's zone, with the previous and next day; each woman's
 * name opens her record. Selection staff move a consult to a free slot of that day or cancel it; she is emailed the
 * updated invite or the cancel.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ConsultDay, ConsultDayItem, ConsultSlot } from "#core/contracts/consult";
import { STAGE_LABELS, isStage } from "#core/pipeline/stages";
import { addDays, formatCalendarDay, formatInstant } from "#core/time";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldControlClass } from "~/components/ui/input";
import { applicationPath } from "../../parts/records/record-kinds";
import { RecordLink } from "../../parts/records/records-tab";
import { useAuth } from "../../parts/session/auth";
import { errorText, loadErrorText, useAuthedRequest } from "../../parts/session/hooks";

const clock = (iso: string, zone?: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", ...(zone ? { timeZone: zone } : {}) }).format(new Date(iso));

function MoveControl({ item, date, onDone }: { item: ConsultDayItem; date: string; onDone: (message: string) => void }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const id = useId();
  const [start, setStart] = useState("");
  const slots = useQuery<ConsultSlot[]>({ queryKey: ["consults", "slots", date], queryFn: ({ signal }) => request(`/api/admin/consults/slots?date=${date}`, { signal }) });
  const move = useMutation({
    mutationFn: () => request(`/api/admin/consults/${item.id}`, { method: "PUT", body: { start } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["consults"] });
      onDone(`Moved ${item.firstName} ${item.lastName}'s consult to ${formatInstant(start, "medium", Intl.DateTimeFormat().resolvedOptions().timeZone)}. She has the updated invite.`);
    },
    onError: (error) => onDone(errorText(error, "The consult was not moved.")),
  });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        New time for {item.firstName} {item.lastName}
      </label>
      <select id={id} className={`${fieldControlClass} h-9 w-auto max-w-48`} value={start} onChange={(event) => setStart(event.target.value)}>
        <option value="">Move to…</option>
        {(slots.data ?? []).map((slot) => (
          <option key={slot.start} value={slot.start}>
            {clock(slot.start)}
          </option>
        ))}
      </select>
      <Button type="button" size="sm" variant="outline" disabled={!start || move.isPending} onClick={() => move.mutate()}>
        Move
      </Button>
    </div>
  );
}

function CancelControl({ item, onDone }: { item: ConsultDayItem; onDone: (message: string) => void }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => request(`/api/admin/consults/${item.id}`, { method: "DELETE" }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["consults"] });
      onDone(`Cancelled ${item.firstName} ${item.lastName}'s consult. She has the cancellation.`);
    },
    onError: (error) => onDone(errorText(error, "The consult was not cancelled.")),
  });
  if (!asking) {
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        Cancel…
      </Button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
        Yes, cancel it
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </span>
  );
}

export function ConsultsTab() {
  const request = useAuthedRequest();
  const { canRunSelection } = useAuth();
  const [date, setDate] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const day = useQuery<ConsultDay>({
    queryKey: ["consults", "day", date],
    queryFn: ({ signal }) => request(`/api/admin/consults${date ? `?date=${date}` : ""}`, { signal }),
  });
  if (day.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{loadErrorText(day.error, "The consults could not be loaded.")}</AlertDescription>
      </Alert>
    );
  }
  const data = day.data;
  const shown = data?.date ?? date;
  return (
    <div className="space-y-4">
      <h2 className="font-display text-2xl font-semibold text-ink">Consults</h2>
      <nav aria-label="Day" className="flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" variant="outline" disabled={!shown} onClick={() => shown && setDate(addDays(shown, -1))}>
          ← Previous day
        </Button>
        <p className="min-w-48 text-center font-semibold text-ink" aria-live="polite" data-testid="consults-day">
          {shown ? formatCalendarDay(shown) : "…"}
        </p>
        <Button type="button" size="sm" variant="outline" disabled={!shown} onClick={() => shown && setDate(addDays(shown, 1))}>
          Next day →
        </Button>
        {date ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setDate(null)}>
            Today
          </Button>
        ) : null}
      </nav>
      {data ? <p className="text-sm text-ink-muted">Times in your zone, with the clinic&apos;s ({data.timeZone}).</p> : null}
      <output className="block text-sm text-success">{notice}</output>
      {data && data.consults.length === 0 ? <p className="text-ink-muted">No consults on this day.</p> : null}
      {data && data.consults.length > 0 ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label={`Consults of ${formatCalendarDay(data.date)}`}>
          {data.consults.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className={item.status === "cancelled" ? "text-ink-muted line-through" : "font-semibold text-ink"}>
                  {clock(item.start)} <span className="font-normal text-ink-muted">(clinic {clock(item.start, data.timeZone)})</span>
                </p>
                <p>
                  <RecordLink href={applicationPath(item.applicationId)}>{`${item.firstName} ${item.lastName}`}</RecordLink>{" "}
                  <span className="text-sm text-ink-muted">
                    · {isStage(item.stage) ? STAGE_LABELS[item.stage] : item.stage}
                    {item.status === "cancelled" ? ` · cancelled${item.cancelledBy === "applicant" ? " by her" : item.cancelledBy ? ` by ${item.cancelledBy}` : ""}` : ""}
                  </span>
                </p>
              </div>
              {canRunSelection && item.status === "booked" ? (
                <div className="flex flex-wrap items-center gap-2">
                  <MoveControl item={item} date={data.date} onDone={setNotice} />
                  <CancelControl item={item} onDone={setNotice} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
