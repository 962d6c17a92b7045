/**
 * The selection board: the place meter ("14 of 20 places") and one column per stage with its count and
 * its newest applications (up to 50), each a link to her record. Admins move an applicant from her card
 * with the moves the stage table allows (a select and a button: keyboard operable, no dragging).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ApplicationListRow, ListPage } from "#core/contracts/lists";
import type { PipelineSummary } from "#core/contracts/pipeline";
import { ALLOWED_MOVES, STAGE_LABELS, type Stage, STAGES } from "#core/pipeline/stages";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldControlClass } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { applicationPath } from "../../parts/records/record-kinds";
import { useAuth } from "../../parts/session/auth";
import { errorText, loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { RecordLink } from "../../parts/records/records-tab";
import { PilotSettingsPanel } from "./pilot-settings";
import { ConsultHoursPanel } from "./consult-hours";

const SUMMARY_KEY = ["admin-board", "summary"];
const CARDS_PER_COLUMN = 50;

/**
 * The places taken of the capacity, in words and as a meter whose free part is a visibly empty track, so "0 of 3"
 * never looks full (the progress bar it replaces drew its empty track as a filled grey bar).
 */
function PlaceMeter({ summary }: { summary: PipelineSummary }) {
  const free = Math.max(0, summary.capacity - summary.taken);
  const share = summary.capacity > 0 ? Math.min(100, Math.round((summary.taken / summary.capacity) * 100)) : 0;
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <p className="font-display text-xl font-semibold text-ink" id="board-places">
        {summary.taken} of {summary.capacity} places taken
      </p>
      <meter
        aria-labelledby="board-places"
        aria-valuetext={`${summary.taken} of ${summary.capacity} places taken, ${free} free`}
        min={0}
        max={summary.capacity}
        value={summary.taken}
        className="sr-only"
      />
      {/* The meter drawn: the free part an empty track, the taken part filled (a native meter draws its track grey). */}
      <div aria-hidden="true" data-testid="place-meter-bar" className="mt-2 h-3 w-full overflow-hidden rounded-full border border-line bg-canvas">
        <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        {free === 0 ? "Every place is taken." : `${free} ${free === 1 ? "place is" : "places are"} free.`} Taken: enrolled, plus offers not
        yet answered or expired.
      </p>
    </div>
  );
}

function Card({ row, stage }: { row: ApplicationListRow; stage: Stage }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const { canRunSelection } = useAuth();
  const id = useId();
  const [to, setTo] = useState<Stage | "">("");
  const move = useMutation({
    mutationFn: () => request(`/api/admin/applications/${encodeURIComponent(row.id)}/stage`, { method: "POST", body: { to } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin-board"] }),
  });
  const name = `${row.firstName} ${row.lastName}`;
  const moves = ALLOWED_MOVES[stage];
  return (
    <li className="rounded-xl border border-line bg-surface p-3 text-sm">
      <RecordLink href={applicationPath(row.id)}>{name}</RecordLink>
      <p className="text-xs text-ink-muted">{row.eligible ? "Meets the criteria" : "Does not meet the criteria"}</p>
      {canRunSelection && moves.length > 0 ? (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (to) move.mutate();
          }}
        >
          <label htmlFor={`${id}-to`} className="sr-only">
            Move {name} to
          </label>
          <select id={`${id}-to`} className={`${fieldControlClass} h-9 text-sm`} value={to} onChange={(e) => setTo(e.target.value as Stage)}>
            <option value="">Move to…</option>
            {moves.map((stageTo) => (
              <option key={stageTo} value={stageTo}>
                {STAGE_LABELS[stageTo]}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="outline" disabled={!to || move.isPending} aria-label={`Move ${name}`}>
            Move
          </Button>
        </form>
      ) : null}
      {move.isError ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {errorText(move.error, "Not moved. Open her record to try again.")}
        </p>
      ) : null}
    </li>
  );
}

function Column({ stage, count }: { stage: Stage; count: number }) {
  const request = useAuthedRequest();
  const cards = useQuery<ListPage<ApplicationListRow>>({
    queryKey: ["admin-board", "stage", stage],
    queryFn: ({ signal }) =>
      request(`/api/admin/applications?stage=${stage}&sort=submitted_at&dir=desc&limit=${CARDS_PER_COLUMN}`, { signal }),
    enabled: count > 0,
    staleTime: 0,
  });
  const headingId = `board-column-${stage}`;
  return (
    <section aria-labelledby={headingId} className="w-64 shrink-0 rounded-2xl bg-brand-soft/40 p-3">
      <h3 id={headingId} className="flex items-center justify-between font-semibold text-ink">
        <span>{STAGE_LABELS[stage]}</span>
        <span className="rounded-full bg-surface px-2 text-sm" aria-label={`${count} applications`}>
          {count}
        </span>
      </h3>
      {cards.isError ? <p role="alert" className="mt-2 text-xs text-danger">{loadErrorText(cards.error, "The cards could not be loaded.")}</p> : null}
      <ul className="mt-2 space-y-2">
        {cards.data?.rows.map((row) => (
          <Card key={row.id} row={row} stage={stage} />
        ))}
      </ul>
      {count > CARDS_PER_COLUMN ? <p className="mt-2 text-xs text-ink-muted">The {CARDS_PER_COLUMN} newest of {count}: filter the Applications list by stage for all.</p> : null}
    </section>
  );
}

export function BoardTab() {
  const request = useAuthedRequest();
  const summary = useQuery<PipelineSummary>({ queryKey: SUMMARY_KEY, queryFn: ({ signal }) => request("/api/admin/pipeline", { signal }), staleTime: 0 });
  if (summary.isPending) return <Spinner label="Loading the selection board" className="h-8 w-8 text-brand" />;
  if (summary.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading the selection board: {loadErrorText(summary.error, "Please try again.")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="min-w-0 space-y-4">
      <h2 className="font-display text-2xl font-semibold text-ink">Selection board</h2>
      <PlaceMeter summary={summary.data} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <PilotSettingsPanel />
        <ConsultHoursPanel />
      </div>
      {/*
        The columns scroll sideways inside this region, never the page (ADR 0086): the region takes focus, so
        the arrow keys scroll it, and the cards' links and controls take focus in turn. It is positioned, so the
        cards' visually hidden labels (absolutely positioned) are placed and clipped inside it: placed against the
        page instead, a label of a column beyond the screen made the page scroll sideways.
      */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1) */}
      <section aria-label="Stages of the selection board" tabIndex={0} data-testid="board-stages"
        className="relative max-w-full min-w-0 overflow-x-auto overscroll-x-contain rounded-2xl pb-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <div className="flex w-max gap-3">
          {STAGES.map((stage) => (
            <Column key={stage} stage={stage} count={summary.data.byStage[stage] ?? 0} />
          ))}
        </div>
      </section>
    </div>
  );
}
