/**
 * The Funnel tab (every staff role; ADR 0069): applied → invited → passed → offered → enrolled for every
 * application and split by traffic source, UTM campaign or form source, as a chart and as a table with
 * the rates; applications per day as a chart (and a table); time in the stages that wait for staff,
 * and the applicants stuck there longer than PIPELINE_STUCK_DAYS, each a link to her record. This
 * module and uPlot are one chunk, downloaded when the tab is opened (./index.tsx).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useId, useMemo, useState } from "react";
import type uPlot from "uplot";
import type { Funnel, FunnelRow, Stuck } from "#core/contracts/funnel";
import { FUNNEL_GROUP_LABELS, FUNNEL_GROUPS, FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelGroup } from "#core/pipeline/funnel";
import { STAGE_LABELS } from "#core/pipeline/stages";
import { formatClock } from "#core/time";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldControlClass } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { applicationPath } from "../../parts/records/record-kinds";
import { useAuth } from "../../parts/session/auth";
import { loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { RecordLink } from "../../parts/records/records-tab";
import { brandColours, Chart, cssColour } from "./chart";
import { DEFAULT_FUNNEL_GROUP, funnelPath, funnelQuery, recountPath, STUCK_PATH, stuckQuery } from "./queries";

/** Groups drawn as lines (the table lists them all). */
const CHART_GROUPS = 5;

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US");
const rateText = (rate: number | null) => (rate === null ? "–" : percent.format(rate));

function groupName(row: FunnelRow): string {
  if (row.other) return "All other";
  return row.group ?? "(none)";
}

const sectionClass = "space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm";
const tableClass = "w-full min-w-max border-collapse text-sm";
const thClass = "border-b border-line px-2 py-1 text-left font-semibold text-ink";
const tdClass = "border-b border-line px-2 py-1 text-ink";
const numClass = "border-b border-line px-2 py-1 text-right tabular-nums text-ink";

/** A box that scrolls its table; focusable, so keyboard users can scroll it too. */
function ScrollBox({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className={className}>
      {children}
    </section>
  );
}

export function FunnelTable({ funnel, caption }: { funnel: Funnel; caption: string }) {
  const rows = [{ ...funnel.total, label: "All applications" }, ...funnel.groups.map((g) => ({ ...g, label: groupName(g) }))];
  return (
    <>
      {/* The caption is shown outside the scrolling box too, so a phone shows it whole. */}
      <p className="text-sm text-ink-muted" aria-hidden="true">
        {caption}
      </p>
      <ScrollBox label="Funnel table" className="overflow-x-auto">
        <table className={tableClass} data-testid="funnel-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                {FUNNEL_GROUP_LABELS[funnel.by]}
              </th>
              {FUNNEL_STEPS.map((step, i) => (
                <th key={step} scope="col" className={`${thClass} text-right`}>
                  {FUNNEL_STEP_LABELS[step]}
                  {i > 0 ? <span className="block text-xs font-normal text-ink-muted">count (rate from previous)</span> : null}
                </th>
              ))}
              <th scope="col" className={`${thClass} text-right`}>
                Applied → enrolled
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.other ? "other" : "group"}:${row.group ?? ""}:${row.label}`}>
                <th scope="row" className={`${thClass} font-medium`}>
                  {row.label}
                </th>
                {row.steps.map((s, i) => (
                  <td key={s.step} className={numClass}>
                    {whole.format(s.count)}
                    {i > 0 ? <span className="text-ink-muted"> ({rateText(s.rate)})</span> : null}
                  </td>
                ))}
                <td className={numClass}>{rateText(row.overall)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}

function FunnelChart({ funnel }: { funnel: Funnel }) {
  const drawn = useMemo(() => [{ ...funnel.total, label: "All applications" }, ...funnel.groups.slice(0, CHART_GROUPS).map((g) => ({ ...g, label: groupName(g) }))], [funnel]);
  // Share of each group's applicants who reached each step (100% applied), so groups of any size compare.
  const data = useMemo<uPlot.AlignedData>(
    () => [FUNNEL_STEPS.map((_, i) => i), ...drawn.map((row) => row.steps.map((s) => (row.steps[0]?.count ? (s.count / row.steps[0].count) * 100 : null)))],
    [drawn],
  );
  const colours = useMemo(() => {
    const [brand, accent, sage, strong, muted, ink] = brandColours();
    return [ink ?? "#2a2230", brand ?? "#8a3b5c", accent ?? "#d9825b", sage ?? "#5f7a6a", strong ?? "#6e2b48", muted ?? "#5e5462"];
  }, []);
  const options = useCallback(
    (width: number): Omit<uPlot.Options, "width" | "height"> => {
      const axisColour = cssColour("--color-ink-muted", "#5e5462");
      const grid = cssColour("--color-line", "#e7dde0");
      return {
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.2, FUNNEL_STEPS.length - 0.8] }, y: { range: [0, 100] } },
        axes: [
          {
            stroke: axisColour,
            grid: { show: false },
            ticks: { stroke: grid },
            splits: () => FUNNEL_STEPS.map((_, i) => i),
            values: (_u, splits) => splits.map((i) => (width < 520 ? FUNNEL_STEPS[i] : FUNNEL_STEP_LABELS[FUNNEL_STEPS[i] ?? "applied"]) ?? ""),
          },
          { stroke: axisColour, grid: { stroke: grid }, ticks: { stroke: grid }, values: (_u, splits) => splits.map((v) => `${v}%`) },
        ],
        series: [{}, ...drawn.map((row, i) => ({ label: row.label, stroke: colours[i % colours.length], width: i === 0 ? 3 : 2, points: { size: 7 } }))],
      };
    },
    [drawn, colours],
  );
  return (
    <figure className="space-y-2">
      <Chart
        testId="funnel-chart"
        label={`Share of applicants reaching each step, for all applications and the ${Math.min(CHART_GROUPS, funnel.groups.length)} largest groups; the table below has the numbers.`}
        options={options}
        data={data}
      />
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink" aria-label="Chart legend">
          {drawn.map((row, i) => (
            <li key={`${row.label}:${i}`} className="flex items-center gap-1">
              <span aria-hidden="true" className="inline-block h-1 w-4 rounded" style={{ backgroundColor: colours[i % colours.length] }} />
              {row.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function DailyChart({ daily, zone }: { daily: Funnel["daily"]; zone: string }) {
  // The days are the browser's own (the zone it sent), placed at its local midnights as uPlot draws local time.
  const data = useMemo<uPlot.AlignedData>(() => [daily.map((d) => new Date(`${d.date}T00:00:00`).getTime() / 1000), daily.map((d) => d.count)], [daily]);
  const total = daily.reduce((sum, d) => sum + d.count, 0);
  const busiest = daily.reduce<(typeof daily)[number] | undefined>((best, d) => (!best || d.count > best.count ? d : best), undefined);
  const options = useCallback((): Omit<uPlot.Options, "width" | "height"> => {
    const brand = cssColour("--color-brand", "#8a3b5c");
    const soft = cssColour("--color-brand-soft", "#f6e7ed");
    const axisColour = cssColour("--color-ink-muted", "#5e5462");
    const grid = cssColour("--color-line", "#e7dde0");
    return {
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { stroke: axisColour, grid: { show: false }, ticks: { stroke: grid } },
        { stroke: axisColour, grid: { stroke: grid }, ticks: { stroke: grid } },
      ],
      series: [{}, { label: "Applications", stroke: brand, fill: soft, width: 2, points: { show: false } }],
    };
  }, []);
  const summary = `${whole.format(total)} applications in ${daily.length} days${busiest && busiest.count > 0 ? `; the busiest day was ${busiest.date} with ${whole.format(busiest.count)}` : ""}.`;
  return (
    <div className="space-y-2">
      <Chart testId="daily-chart" label={`Applications per day over ${daily.length} days: ${summary}`} options={options} data={data} height={200} />
      <p className="text-sm text-ink-muted">{summary}</p>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-strong">Applications per day as a table</summary>
        <ScrollBox label="Applications per day" className="max-h-72 overflow-y-auto">
          <table className={tableClass}>
            <caption className="sr-only">Applications per day ({zone}), newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Day ({zone})
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Applications
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.toReversed().map((d) => (
                <tr key={d.date}>
                  <td className={tdClass}>{d.date}</td>
                  <td className={numClass}>{whole.format(d.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </div>
  );
}

const daysText = (days: number | null) => (days === null ? "–" : `${days} ${days === 1 ? "day" : "days"}`);

export function StuckSection({ stuck }: { stuck: Stuck }) {
  return (
    <section aria-labelledby="funnel-stuck" className={sectionClass}>
      <h3 id="funnel-stuck" className="font-display text-xl font-semibold text-ink">
        Time in stage
      </h3>
      <p className="text-sm text-ink-muted" aria-hidden="true">
        Stages that wait for staff. Stuck: here longer than {daysText(stuck.stuckDays)}.
      </p>
      <ScrollBox label="Time in stage table" className="overflow-x-auto">
        <table className={tableClass} data-testid="stage-times">
          <caption className="sr-only">
            Stages that wait for staff. Stuck: here longer than {daysText(stuck.stuckDays)}.
          </caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Stage
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Now
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Stuck
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Median wait so far
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Median time before moving on
              </th>
            </tr>
          </thead>
          <tbody>
            {stuck.stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row" className={`${thClass} font-medium`}>
                  {STAGE_LABELS[s.stage]}
                </th>
                <td className={numClass}>{whole.format(s.count)}</td>
                <td className={numClass}>{whole.format(s.stuck)}</td>
                <td className={numClass}>{daysText(s.medianDaysNow)}</td>
                <td className={numClass}>{daysText(s.medianDaysToLeave)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <h4 className="font-semibold text-ink">
        Stuck applicants: {whole.format(stuck.total)}
        {stuck.total > stuck.applicants.length ? <span className="font-normal text-ink-muted"> (the {stuck.applicants.length} longest waits)</span> : null}
      </h4>
      {stuck.applicants.length === 0 ? (
        <p className="text-sm text-ink-muted">Nobody has waited longer than {daysText(stuck.stuckDays)}.</p>
      ) : (
        <ul className="divide-y divide-line text-sm" data-testid="stuck-list">
          {stuck.applicants.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <RecordLink href={applicationPath(a.id)}>{a.name}</RecordLink>
              <span className="text-ink-muted">
                {STAGE_LABELS[a.stage]} for {daysText(a.days)}
                {a.owner ? ` · owner ${a.owner}` : " · no owner"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}


/** "Counted at HH:MM" (the older of the two answers) and Recount, which asks the server to count now. */
function CountedAt({ funnel, stuck, by }: { funnel: Funnel | undefined; stuck: Stuck | undefined; by: FunnelGroup }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "counting" | "failed">("idle");
  const times = [funnel?.countedAt, stuck?.countedAt].filter((t): t is string => Boolean(t)).toSorted();
  const oldest = times[0];
  async function recount() {
    setState("counting");
    try {
      const [freshFunnel, freshStuck] = await Promise.all([request<Funnel>(recountPath(funnelPath(by))), request<Stuck>(recountPath(STUCK_PATH))]);
      queryClient.setQueryData(funnelQuery(by, request, null).queryKey, freshFunnel);
      queryClient.setQueryData(stuckQuery(request, null).queryKey, freshStuck);
      setState("idle");
    } catch {
      setState("failed");
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {oldest ? (
        <p className="text-sm text-ink-muted" data-testid="funnel-counted-at">
          Counted at <time dateTime={oldest}>{formatClock(oldest)}</time>
          <span className="sr-only"> (counts may be up to a minute old)</span>
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={recount} disabled={state === "counting"} aria-describedby={state === "failed" ? "funnel-recount-failed" : undefined}>
        {state === "counting" ? "Counting…" : "Recount"}
      </Button>
      <output className="text-sm text-ink" id="funnel-recount-failed">
        {state === "counting" ? "Counting now; this can take a few seconds." : state === "failed" ? "The recount failed. Please try again." : ""}
      </output>
    </div>
  );
}

export function FunnelTab() {
  const request = useAuthedRequest();
  const selectId = useId();
  const { token } = useAuth();
  const [by, setBy] = useState<FunnelGroup>(DEFAULT_FUNNEL_GROUP);
  const funnel = useQuery<Funnel>({ ...funnelQuery(by, request, token), placeholderData: (previous) => previous });
  const stuck = useQuery<Stuck>(stuckQuery(request, token));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-semibold text-ink">Funnel</h2>
        <CountedAt funnel={funnel.data} stuck={stuck.data} by={by} />
      </div>
      <section aria-labelledby="funnel-steps" className={sectionClass}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id="funnel-steps" className="font-display text-xl font-semibold text-ink">
            Applied → invited → passed → offered → enrolled
          </h3>
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-ink">
              Split by
            </label>
            <select id={selectId} className={`${fieldControlClass} h-9 text-sm`} value={by} onChange={(e) => setBy(e.target.value as FunnelGroup)}>
              {FUNNEL_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {FUNNEL_GROUP_LABELS[group]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {funnel.isPending ? <Spinner label="Loading the funnel" className="h-8 w-8 text-brand" /> : null}
        {funnel.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Error loading the funnel: {loadErrorText(funnel.error, "Please try again.")}</AlertDescription>
          </Alert>
        ) : null}
        {funnel.data ? (
          <>
            <FunnelChart funnel={funnel.data} />
            <FunnelTable
              funnel={funnel.data}
              caption={`Applicants who ever reached each step, by ${FUNNEL_GROUP_LABELS[funnel.data.by].toLowerCase()}; in brackets the share of the step before.`}
            />
          </>
        ) : null}
      </section>
      <section aria-labelledby="funnel-daily" className={sectionClass}>
        <h3 id="funnel-daily" className="font-display text-xl font-semibold text-ink">
          Applications per day
        </h3>
        {funnel.data ? <DailyChart daily={funnel.data.daily} zone={funnel.data.zone} /> : null}
      </section>
      {stuck.isPending ? <Spinner label="Loading the time in stage" className="h-8 w-8 text-brand" /> : null}
      {stuck.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Error loading the time in stage: {loadErrorText(stuck.error, "Please try again.")}</AlertDescription>
        </Alert>
      ) : null}
      {stuck.data ? <StuckSection stuck={stuck.data} /> : null}
    </div>
  );
}
