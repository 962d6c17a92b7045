/**
 * The selection's funnel and waits (core/pipeline/funnel.ts, ADR 0069):
 * GET /api/admin/pipeline/funnel and GET /api/admin/pipeline/stuck.
 */
import { z } from "zod";
import { FUNNEL_DAYS_DEFAULT, FUNNEL_DAYS_MAX, FUNNEL_GROUPS, FUNNEL_GROUPS_MAX, FUNNEL_STEPS, LEAVE_SAMPLE, STUCK_LIST_MAX, STUCK_STAGES } from "../pipeline/funnel";
import { isTimeZoneName } from "../time";
import { instant } from "./common";


const freshQuery = z
  .enum(["0", "1"], { error: "Give fresh=1 for a new count, or leave it out" })
  .optional()
  .transform((value) => value === "1")
  .describe("1: count now and wait for it, instead of the cached answer (up to a minute old; ADR 0075).");

export const stuckQuerySchema = z.object({ fresh: freshQuery });

export const funnelQuerySchema = z.object({
  days: z.coerce
    .number({ error: `Give a whole number of days from 1 to ${FUNNEL_DAYS_MAX}` })
    .int(`Give a whole number of days from 1 to ${FUNNEL_DAYS_MAX}`)
    .min(1, `Give a whole number of days from 1 to ${FUNNEL_DAYS_MAX}`)
    .max(FUNNEL_DAYS_MAX, `Give a whole number of days from 1 to ${FUNNEL_DAYS_MAX}`)
    .default(FUNNEL_DAYS_DEFAULT)
    .describe(`Days of the daily series, ending today in \`zone\`; default ${FUNNEL_DAYS_DEFAULT}.`),
  zone: z
    .string()
    .refine(isTimeZoneName, { error: "Give an IANA time zone such as America/Los_Angeles or UTC" })
    .default("UTC")
    .describe("The IANA time zone whose days the daily series counts (the browser's own); default UTC."),
  fresh: freshQuery,
  by: z
    .enum(FUNNEL_GROUPS, { error: `Split by one of: ${FUNNEL_GROUPS.join(", ")}` })
    .default("source")
    .describe("Split the funnel by traffic source, UTM campaign or form source."),
});

export const funnelStepSchema = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number().int().describe("Applicants who ever reached this step (or a later one)."),
  rate: z.number().nullable().describe("count ÷ the previous step's count (0 to 1); null for the first step or when the previous is 0."),
});

export const funnelRowSchema = z.object({
  group: z.string().nullable().describe("The source, campaign or form source; null for applications without one (or for the `other` row)."),
  other: z.boolean().describe(`True for the one row summing the groups beyond the ${FUNNEL_GROUPS_MAX} largest.`),
  steps: z.array(funnelStepSchema).describe("applied → invited → passed → offered → enrolled."),
  overall: z.number().nullable().describe("enrolled ÷ applied; null when nobody applied."),
});
export type FunnelRow = z.output<typeof funnelRowSchema>;

export const funnelSchema = z.object({
  by: z.enum(FUNNEL_GROUPS),
  total: funnelRowSchema.describe("Every application."),
  groups: z.array(funnelRowSchema).describe(`One row per group, largest first (at most ${FUNNEL_GROUPS_MAX}, then one \`other\` row).`),
  zone: z.string().describe("The time zone of the daily series' days."),
  daily: z
    .array(z.object({ date: z.string().describe("A day in `zone`, YYYY-MM-DD."), count: z.number().int() }))
    .describe("Applications submitted each day in `zone`, oldest first, days without any included (0)."),
  countedAt: instant.describe("When these counts were taken; served from a per-instance cache up to a minute old, or up to ten minutes while a recount runs (ADR 0075)."),
});
export type Funnel = z.output<typeof funnelSchema>;

export const stuckStageSchema = z.object({
  stage: z.enum(STUCK_STAGES),
  count: z.number().int().describe("Applicants in this stage now."),
  stuck: z.number().int().describe("Of them, those here longer than stuckDays."),
  medianDaysNow: z.number().nullable().describe("Median days the current ones have been here; null when nobody is."),
  medianDaysToLeave: z.number().nullable().describe(`Median days applicants spent here before moving on, over the latest ${LEAVE_SAMPLE} moves out (stage history); null when nobody left yet.`),
});

export const stuckApplicantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  stage: z.enum(STUCK_STAGES),
  since: instant,
  days: z.number().int().describe("Whole days in the stage."),
  owner: z.string().nullable(),
});

export const stuckSchema = z.object({
  stuckDays: z.number().int().describe("PIPELINE_STUCK_DAYS: the wait after which an applicant is listed."),
  stages: z.array(stuckStageSchema),
  total: z.number().int().describe("Stuck applicants in every listed stage."),
  applicants: z.array(stuckApplicantSchema).describe(`The longest waits first (at most ${STUCK_LIST_MAX}).`),
  countedAt: instant.describe("When these counts were taken (ADR 0075)."),
});
export type Stuck = z.output<typeof stuckSchema>;
