/**
 * The selection's funnel and waits (ADR 0067), read-only:
 * - funnel: every application counted at the furthest step she ever reached: the furthest over the
 *   stages of her history (`application_stage_history.to_stage`) and her current stage (rows stored
 *   straight into a stage, as imports and the demo seed do, have no history), split by a group column;
 * - daily: applications per UTC day over the last `days` days, zero-filled;
 * - stuck: applicants waiting in a staff stage (STUCK_STAGES) longer than PIPELINE_STUCK_DAYS, with the
 *   median wait now and the median stay of those who already left each stage.
 * Plain SQL that both engines run; at a million applications the funnel is one pass over the table and
 * one over the history (docs/benchmarks.md).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Funnel, FunnelRow, Stuck } from "#core/contracts/funnel";
import { FUNNEL_GROUPS_MAX, FUNNEL_STEPS, type FunnelGroup, STAGE_FUNNEL_LEVEL, STUCK_LIST_MAX, STUCK_STAGES } from "#core/pipeline/funnel";
import type { Database } from "../../db/client";
import type { PipelineSettings } from "./settings";
import { rowsOf } from "./tx";

const DAY_MS = 86_400_000;

/** The application column each split reads (fixed names, never from the request). */
const GROUP_COLUMN: Record<FunnelGroup, SQL> = {
  source: sql.raw(`a."traffic_source"`),
  utm_campaign: sql.raw(`a."utm_campaign"`),
  form_source: sql.raw(`a."formSource"`),
};

/** `case <column> when 'stage' then level … else 0 end`, from the one table in core/pipeline/funnel.ts. */
function levelOf(column: SQL): SQL {
  const branches = Object.entries(STAGE_FUNNEL_LEVEL)
    .filter(([, level]) => level > 0)
    .map(([stage, level]) => sql.raw(`when '${stage}' then ${level}`));
  return sql`(case ${column} ${sql.join(branches, sql` `)} else 0 end)`;
}

/** Stages that prove more than applying, for the history scan's filter. */
const ADVANCED_STAGES = Object.entries(STAGE_FUNNEL_LEVEL)
  .filter(([, level]) => level > 0)
  .map(([stage]) => stage);

const stuckStageList = sql.join(
  STUCK_STAGES.map((s) => sql`${s}`),
  sql`, `,
);

/** Counts per level (index = furthest step) → the funnel row: a step counts everyone at it or beyond. */
function rowOf(group: string | null, other: boolean, perLevel: readonly number[]): FunnelRow {
  const counts = FUNNEL_STEPS.map((_, step) => perLevel.slice(step).reduce((sum, n) => sum + n, 0));
  const steps = FUNNEL_STEPS.map((step, i) => {
    const previous = i === 0 ? null : (counts[i - 1] ?? 0);
    return { step, count: counts[i] ?? 0, rate: previous ? (counts[i] ?? 0) / previous : null };
  });
  const applied = counts[0] ?? 0;
  return { group, other, steps, overall: applied ? (counts[FUNNEL_STEPS.length - 1] ?? 0) / applied : null };
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const applied = (perLevel: readonly number[]) => perLevel.reduce((sum, n) => sum + n, 0);
const toNumber = (value: unknown): number => (typeof value === "number" ? value : Number(value));
const daysOrNull = (seconds: unknown): number | null => (seconds === null || seconds === undefined ? null : Math.round((toNumber(seconds) / 86_400) * 10) / 10);

export function createFunnel(db: Database, now: () => Date, settings: Pick<PipelineSettings, "stuckDays">) {
  return {
    async funnel(by: FunnelGroup, days: number): Promise<Funnel> {
      const at = now();
      const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const from = new Date(today - (days - 1) * DAY_MS);
      const column = GROUP_COLUMN[by];
      const [levels, perDay] = await Promise.all([
        db.execute(sql`
          with reached as (
            select h."application_id", max(${levelOf(sql.raw(`h."to_stage"`))}) as "level"
            from "application_stage_history" h
            where h."to_stage" in (${sql.join(
              ADVANCED_STAGES.map((s) => sql`${s}`),
              sql`, `,
            )})
            group by h."application_id"
          )
          select ${column} as "group", greatest(${levelOf(sql.raw(`a."stage"`))}, coalesce(r."level", 0)) as "level", count(*)::int as "n"
          from "applications" a left join reached r on r."application_id" = a."id"
          group by 1, 2`),
        db.execute(sql`
          select to_char(a."submitted_at" at time zone 'UTC', 'YYYY-MM-DD') as "day", count(*)::int as "n"
          from "applications" a
          where a."submitted_at" >= ${from.toISOString()}::timestamptz
          group by 1`),
      ]);

      const byGroup = new Map<string | null, number[]>();
      const total = FUNNEL_STEPS.map(() => 0);
      for (const row of rowsOf<{ group: string | null; level: unknown; n: unknown }>(levels)) {
        const level = Math.min(FUNNEL_STEPS.length - 1, Math.max(0, toNumber(row.level)));
        const n = toNumber(row.n);
        const perLevel = byGroup.get(row.group) ?? FUNNEL_STEPS.map(() => 0);
        perLevel[level] = (perLevel[level] ?? 0) + n;
        byGroup.set(row.group, perLevel);
        total[level] = (total[level] ?? 0) + n;
      }
      const sorted = [...byGroup.entries()].toSorted((a, b) => applied(b[1]) - applied(a[1]) || String(a[0] ?? "").localeCompare(String(b[0] ?? "")));
      const groups = sorted.slice(0, FUNNEL_GROUPS_MAX).map(([group, perLevel]) => rowOf(group, false, perLevel));
      const rest = sorted.slice(FUNNEL_GROUPS_MAX);
      if (rest.length) {
        const perLevel = FUNNEL_STEPS.map((_, level) => rest.reduce((sum, [, counts]) => sum + (counts[level] ?? 0), 0));
        groups.push(rowOf(null, true, perLevel));
      }

      const counted = new Map(rowsOf<{ day: string; n: unknown }>(perDay).map((row) => [row.day, toNumber(row.n)]));
      const daily = Array.from({ length: days }, (_, i) => {
        const date = utcDay(new Date(from.getTime() + i * DAY_MS));
        return { date, count: counted.get(date) ?? 0 };
      });
      return { by, total: rowOf(null, false, total), groups, daily };
    },

    async stuck(): Promise<Stuck> {
      const at = now();
      const cutoff = new Date(at.getTime() - settings.stuckDays * DAY_MS);
      const nowText = at.toISOString();
      const [current, left, list] = await Promise.all([
        db.execute(sql`
          select a."stage" as "stage", count(*)::int as "n",
            count(*) filter (where a."stage_changed_at" < ${cutoff.toISOString()}::timestamptz)::int as "stuck",
            percentile_cont(0.5) within group (order by extract(epoch from (${nowText}::timestamptz - a."stage_changed_at"))) as "median"
          from "applications" a
          where a."stage" in (${stuckStageList})
          group by a."stage"`),
        db.execute(sql`
          select s."stage" as "stage", percentile_cont(0.5) within group (order by extract(epoch from (s."left_at" - s."entered_at"))) as "median"
          from (
            select h."from_stage" as "stage", h."at" as "left_at",
              coalesce(lag(h."at") over (partition by h."application_id" order by h."at", h."id"), a."submitted_at") as "entered_at"
            from "application_stage_history" h join "applications" a on a."id" = h."application_id"
          ) s
          where s."stage" in (${stuckStageList})
          group by s."stage"`),
        db.execute(sql`
          select a."id" as "id", a."firstName" as "firstName", a."lastName" as "lastName", a."stage" as "stage",
            a."stage_changed_at" as "since", a."owner" as "owner"
          from "applications" a
          where a."stage" in (${stuckStageList}) and a."stage_changed_at" < ${cutoff.toISOString()}::timestamptz
          order by a."stage_changed_at", a."id"
          limit ${STUCK_LIST_MAX}`),
      ]);
      const now_ = rowsOf<{ stage: string; n: unknown; stuck: unknown; median: unknown }>(current);
      const before = new Map(rowsOf<{ stage: string; median: unknown }>(left).map((row) => [row.stage, row.median]));
      const stages = STUCK_STAGES.map((stage) => {
        const row = now_.find((r) => r.stage === stage);
        return {
          stage,
          count: row ? toNumber(row.n) : 0,
          stuck: row ? toNumber(row.stuck) : 0,
          medianDaysNow: row ? daysOrNull(row.median) : null,
          medianDaysToLeave: daysOrNull(before.get(stage)),
        };
      });
      const applicants = rowsOf<{ id: string; firstName: string; lastName: string; stage: string; since: Date | string; owner: string | null }>(list).flatMap((row) => {
        const since = new Date(row.since);
        const stage = STUCK_STAGES.find((s) => s === row.stage);
        if (!stage) return [];
        return [{ id: row.id, name: `${row.firstName} ${row.lastName}`, stage, since: since.toISOString(), days: Math.floor((at.getTime() - since.getTime()) / DAY_MS), owner: row.owner }];
      });
      return { stuckDays: settings.stuckDays, stages, total: stages.reduce((sum, s) => sum + s.stuck, 0), applicants };
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnel>;
