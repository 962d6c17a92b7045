/**
 * The selection's funnel and waits (ADR 0069), read-only:
 * - funnel: every application counted at the furthest step she ever reached: the furthest over the
 *   stages of her history (`application_stage_history.to_stage`) and her current stage (rows stored
 *   straight into a stage, as imports and the demo seed do, have no history), split by a group column;
 * - daily: applications per day over the last `days` days, zero-filled, the days of the staff member's
 *   time zone (a range of the submission index per day, from the zone's midnights);
 * - stuck: applicants waiting in a staff stage (STUCK_STAGES) longer than PIPELINE_STUCK_DAYS, with the
 *   median wait now and the median stay of those who already left each stage.
 * Plain SQL that both engines run; at a million applications the funnel is one pass over the table and
 * one over the history (docs/benchmarks.md). Still about a second at that size, so the answers are
 * served from a per-instance cache with their time of counting (createCachedFunnel, ADR 0075).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Funnel, FunnelRow, Stuck } from "#core/contracts/funnel";
import { createCountCache } from "./count-cache";
import {
  ADVANCED_STAGES,
  FUNNEL_GROUPS_MAX,
  FUNNEL_STEPS,
  type FunnelGroup,
  LEAVE_SAMPLE,
  STAGE_FUNNEL_LEVEL,
  STAGES_AFTER_FURTHER_STEPS,
  STUCK_LIST_MAX,
  STUCK_STAGES,
} from "#core/pipeline/funnel";
import { isStage } from "#core/pipeline/stages";
import { addDays, calendarDay, DAY_MS } from "#core/time";
import type { Database, DatabaseHandle } from "../../db/client";
import type { PipelineSettings } from "./settings";
import { rowsOf } from "./tx";


/** The application column each split reads (fixed names, never from the request). */
const GROUP_COLUMN: Record<FunnelGroup, SQL> = {
  source: sql.raw(`a."traffic_source"`),
  utm_campaign: sql.raw(`a."utm_campaign"`),
  form_source: sql.raw(`a."formSource"`),
};

/** `case h."to_stage" when 'stage' then level … else 0 end`, from the one table in core/pipeline/funnel.ts. */
const historyLevel = sql.raw(
  `(case h."to_stage" ${ADVANCED_STAGES.map((stage) => `when '${stage}' then ${STAGE_FUNNEL_LEVEL[stage]}`).join(" ")} else 0 end)`,
);

const list = (stages: readonly string[]) =>
  sql.join(
    stages.map((s) => sql`${s}`),
    sql`, `,
  );

const levelOfStage = (stage: string) => (isStage(stage) ? STAGE_FUNNEL_LEVEL[stage] : 0);

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


type FunnelCounts = Omit<Funnel, "countedAt">;
type StepCounts = Pick<Funnel, "by" | "total" | "groups">;
type DailyCounts = Pick<Funnel, "zone" | "daily">;
type StuckCounts = Omit<Stuck, "countedAt">;

const applied = (perLevel: readonly number[]) => perLevel.reduce((sum, n) => sum + n, 0);
const toNumber = (value: unknown): number => (typeof value === "number" ? value : Number(value));
const toDays = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;
const daysOrNull = (seconds: unknown): number | null => (seconds === null || seconds === undefined ? null : toDays(toNumber(seconds) * 1000));

export function createFunnel(database: Pick<DatabaseHandle, "db" | "engine">, now: () => Date, settings: Pick<PipelineSettings, "stuckDays">) {
  const { db } = database;

  /**
   * Runs the reads in one transaction; on PostgreSQL without JIT compilation, which costs more than
   * these short index scans save (docs/benchmarks.md, "Funnel at 1,000,000 applications").
   */
  function read<T>(work: (tx: Pick<Database, "execute">) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (database.engine === "postgres") await tx.execute(sql`set local jit = off`);
      return work(tx);
    });
  }

  return {
    /** The funnel's steps, in total and split by `by`. */
    async steps(by: FunnelGroup): Promise<StepCounts> {
      const column = GROUP_COLUMN[by];
      const [byStage, furtherBefore] = await read(async (tx) => [
        // Everyone by her current stage (an index-only scan of applications_funnel_idx).
        await tx.execute(sql`select ${column} as "group", a."stage" as "stage", count(*)::int as "n" from "applications" a group by 1, 2`),
        // Those in a stage that can follow a further step: the furthest step of their history.
        await tx.execute(sql`
          with reached as (
            select h."application_id", max(${historyLevel}) as "level"
            from "application_stage_history" h
            where h."to_stage" in (${list(ADVANCED_STAGES)}) and h."undone_at" is null
            group by h."application_id"
          )
          select ${column} as "group", a."stage" as "stage", r."level" as "level", count(*)::int as "n"
          from "applications" a join reached r on r."application_id" = a."id"
          where a."stage" in (${list(STAGES_AFTER_FURTHER_STEPS)})
          group by 1, 2, 3`),
      ]);

      const byGroup = new Map<string | null, number[]>();
      const total = FUNNEL_STEPS.map(() => 0);
      const add = (group: string | null, level: number, n: number) => {
        const perLevel = byGroup.get(group) ?? FUNNEL_STEPS.map(() => 0);
        perLevel[level] = (perLevel[level] ?? 0) + n;
        byGroup.set(group, perLevel);
        total[level] = (total[level] ?? 0) + n;
      };
      for (const row of rowsOf<{ group: string | null; stage: string; n: unknown }>(byStage)) add(row.group, levelOfStage(row.stage), toNumber(row.n));
      for (const row of rowsOf<{ group: string | null; stage: string; level: unknown; n: unknown }>(furtherBefore)) {
        const current = levelOfStage(row.stage);
        const furthest = Math.min(FUNNEL_STEPS.length - 1, toNumber(row.level));
        if (furthest <= current) continue;
        add(row.group, current, -toNumber(row.n));
        add(row.group, furthest, toNumber(row.n));
      }
      const sorted = [...byGroup.entries()].toSorted((a, b) => applied(b[1]) - applied(a[1]) || String(a[0] ?? "").localeCompare(String(b[0] ?? "")));
      const groups = sorted.slice(0, FUNNEL_GROUPS_MAX).map(([group, perLevel]) => rowOf(group, false, perLevel));
      const rest = sorted.slice(FUNNEL_GROUPS_MAX);
      if (rest.length) {
        const perLevel = FUNNEL_STEPS.map((_, level) => rest.reduce((sum, [, counts]) => sum + (counts[level] ?? 0), 0));
        groups.push(rowOf(null, true, perLevel));
      }

      return { by, total: rowOf(null, false, total), groups };
    },

    /** Applications per day of `zone`, a checked IANA name (funnelQuerySchema) that reaches SQL as a parameter only. */
    async daily(days: number, zone = "UTC"): Promise<DailyCounts> {
      const today = calendarDay(now(), zone);
      const from = addDays(today, -(days - 1));
      const perDay = await read(async (tx) =>
        // One count per day of the zone, each a range of the submission index from that day's midnight
        // to the next one's in the zone (23 or 25 hours on a clock change; no per-row date formatting).
        tx.execute(sql`
          select to_char(d."day", 'YYYY-MM-DD') as "day",
            (select count(*)::int from "applications" a
              where a."submitted_at" >= (d."day" at time zone ${zone}) and a."submitted_at" < ((d."day" + interval '1 day') at time zone ${zone})) as "n"
          from generate_series(${from}::date::timestamp, ${today}::date::timestamp, interval '1 day') as d("day")`)
      );
      const counted = new Map(rowsOf<{ day: string; n: unknown }>(perDay).map((row) => [row.day, toNumber(row.n)]));
      const daily = Array.from({ length: days }, (_, i) => {
        const date = addDays(from, i);
        return { date, count: counted.get(date) ?? 0 };
      });
      return { zone, daily };
    },

    async funnel(by: FunnelGroup, days: number, zone = "UTC"): Promise<FunnelCounts> {
      return { ...(await this.steps(by)), ...(await this.daily(days, zone)) };
    },

    async stuck(): Promise<StuckCounts> {
      const at = now();
      const cutoff = new Date(at.getTime() - settings.stuckDays * DAY_MS).toISOString();
      return read(async (tx) => {
        // Counts from the partial index applications_waiting_idx (stage, stage_changed_at, id).
        const counts = rowsOf<{ stage: string; n: unknown; stuck: unknown }>(
          await tx.execute(sql`
            select a."stage" as "stage", count(*)::int as "n", count(*) filter (where a."stage_changed_at" < ${cutoff}::timestamptz)::int as "stuck"
            from "applications" a where a."stage" in (${list(STUCK_STAGES)}) group by 1`),
        );
        // The median wait so far: the middle one (or two) of the stage's entry times, read in index order.
        const medianNow = new Map<string, number>();
        for (const row of counts) {
          const n = toNumber(row.n);
          if (n === 0) continue;
          const middle = rowsOf<{ since: Date | string }>(
            await tx.execute(sql`
              select a."stage_changed_at" as "since" from "applications" a where a."stage" = ${row.stage}
              order by a."stage_changed_at" offset ${Math.floor((n - 1) / 2)} limit ${n % 2 === 0 ? 2 : 1}`),
          ).map((r) => at.getTime() - new Date(r.since).getTime());
          if (middle.length) medianNow.set(row.stage, middle.reduce((sum, ms) => sum + ms, 0) / middle.length);
        }
        // The median time before moving on, over the latest LEAVE_SAMPLE moves out of each stage: from the
        // move before (or the submission) to the move out.
        const left = rowsOf<{ stage: string; median: unknown }>(
          await tx.execute(sql`
            select s."stage" as "stage", percentile_cont(0.5) within group (order by extract(epoch from (s."left_at" - s."entered_at"))) as "median"
            from (
              select h."from_stage" as "stage", h."at" as "left_at",
                coalesce(
                  (select max(p."at") from "application_stage_history" p where p."application_id" = h."application_id" and p."at" < h."at"),
                  (select a."submitted_at" from "applications" a where a."id" = h."application_id")
                ) as "entered_at"
              from unnest(array[${list(STUCK_STAGES)}]::varchar[]) as st("stage")
              cross join lateral (
                select x."application_id", x."from_stage", x."at" from "application_stage_history" x
                where x."from_stage" = st."stage" order by x."at" desc limit ${LEAVE_SAMPLE}
              ) h
            ) s
            group by 1`),
        );
        const before = new Map(left.map((row) => [row.stage, row.median]));
        // The longest waits: per stage in index order, then merged.
        const waiting = rowsOf<{ id: string; firstName: string; lastName: string; stage: string; since: Date | string; owner: string | null }>(
          await tx.execute(sql`
            select w.* from (${sql.join(
              STUCK_STAGES.map(
                (stage) => sql`(
                  select a."id" as "id", a."firstName" as "firstName", a."lastName" as "lastName", a."stage" as "stage",
                    a."stage_changed_at" as "since", a."owner" as "owner"
                  from "applications" a
                  where a."stage" = ${stage} and a."stage_changed_at" < ${cutoff}::timestamptz
                  order by a."stage_changed_at", a."id" limit ${STUCK_LIST_MAX})`,
              ),
              sql` union all `,
            )}) w
            order by w."since", w."id" limit ${STUCK_LIST_MAX}`),
        );
        const stages = STUCK_STAGES.map((stage) => {
          const row = counts.find((r) => r.stage === stage);
          const median = medianNow.get(stage);
          return {
            stage,
            count: row ? toNumber(row.n) : 0,
            stuck: row ? toNumber(row.stuck) : 0,
            medianDaysNow: median === undefined ? null : toDays(median),
            medianDaysToLeave: daysOrNull(before.get(stage)),
          };
        });
        const applicants = waiting.flatMap((row) => {
          const since = new Date(row.since);
          const stage = STUCK_STAGES.find((s) => s === row.stage);
          if (!stage) return [];
          return [{ id: row.id, name: `${row.firstName} ${row.lastName}`, stage, since: since.toISOString(), days: Math.floor((at.getTime() - since.getTime()) / DAY_MS), owner: row.owner }];
        });
        return { stuckDays: settings.stuckDays, stages, total: stages.reduce((sum, s) => sum + s.stuck, 0), applicants };
      });
    },
  };
}

const withTime = <T>({ value, countedAt }: { value: T; countedAt: Date }) => ({ ...value, countedAt: countedAt.toISOString() });

/** How long a count is served as it is, and how long a stale one may be served while it is recounted. */
export const FUNNEL_FRESH_MS = 60_000;
export const FUNNEL_MAX_STALE_MS = 10 * 60_000;
/** Keys kept (split × window × zone, and the waits): a few dozen staff views. */
export const FUNNEL_CACHE_KEYS = 48;

/**
 * The funnel and the waits served from a per-instance cache (./count-cache.ts, ADR 0075): up to a minute
 * old, then served once more while one recount runs; `fresh` counts now. A stage move does not clear it:
 * the funnel may be a minute behind, the board's counts stay exact.
 */
export function createCachedFunnel(
  database: Pick<DatabaseHandle, "db" | "engine">,
  now: () => Date,
  settings: Pick<PipelineSettings, "stuckDays">,
  options: { freshMs?: number; maxStaleMs?: number; maxKeys?: number; onError?: (key: string, error: unknown) => void } = {},
) {
  const counts = createFunnel(database, now, settings);
  const cacheOptions = {
    now,
    freshMs: options.freshMs ?? FUNNEL_FRESH_MS,
    maxStaleMs: options.maxStaleMs ?? FUNNEL_MAX_STALE_MS,
    maxKeys: options.maxKeys ?? FUNNEL_CACHE_KEYS,
    onError: options.onError,
  };
  // The steps (one pass over the table and the history) by split; the daily series (a range count per
  // day, far cheaper) by window and zone, so a staff member's own zone never waits for the steps.
  const steps = createCountCache<StepCounts>(cacheOptions);
  const dailies = createCountCache<DailyCounts>(cacheOptions);
  const waits = createCountCache<StuckCounts>({ ...cacheOptions, maxKeys: 1 });
  return {
    /** countedAt: the older of the two counts the answer joins. */
    async funnel(by: FunnelGroup, days: number, zone = "UTC", fresh = false): Promise<Funnel> {
      const [s, d] = await Promise.all([steps.get(by, () => counts.steps(by), fresh), dailies.get(`${days}:${zone}`, () => counts.daily(days, zone), fresh)]);
      return withTime({ value: { ...s.value, ...d.value }, countedAt: s.countedAt < d.countedAt ? s.countedAt : d.countedAt });
    },
    async stuck(fresh = false): Promise<Stuck> {
      return withTime(await waits.get("stuck", () => counts.stuck(), fresh));
    },
    /** Counts the tab's default view in the background (at start), so its first view is served at once. */
    warmUp(defaults: { by: FunnelGroup; days: number; zone: string }): void {
      steps.warm(defaults.by, () => counts.steps(defaults.by));
      dailies.warm(`${defaults.days}:${defaults.zone}`, () => counts.daily(defaults.days, defaults.zone));
      waits.warm("stuck", () => counts.stuck());
    },
    async settled(): Promise<void> {
      await Promise.all([steps.settled(), dailies.settled(), waits.settled()]);
    },
  };
}

