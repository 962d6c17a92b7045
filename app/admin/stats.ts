/** Figures of the dashboard's cards (spec §2, §9: top 5 states, 7-day window). */
import type { ApplicationRecord, ContactMessageRecord } from "./types";

export const TOP_STATES = 5;
export const RECENT_DAYS = 7;

export interface Count {
  label: string;
  count: number;
}

function ranked(counts: Map<string, number>, limit?: number): Count[] {
  const list = [...counts.entries()]
    .map(([label, count]) => ({ label, count }))
    .toSorted((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return limit === undefined ? list : list.slice(0, limit);
}

export function applicationStats(rows: readonly ApplicationRecord[]) {
  const byState = new Map<string, number>();
  let ageSum = 0;
  for (const row of rows) {
    ageSum += row.age;
    byState.set(row.state, (byState.get(row.state) ?? 0) + 1);
  }
  const topStates = ranked(byState, TOP_STATES);
  return {
    total: rows.length,
    averageAge: rows.length ? Math.round((ageSum / rows.length) * 10) / 10 : null,
    topState: topStates[0]?.label ?? null,
    topStates,
  };
}

export function messageStats(rows: readonly ContactMessageRecord[], now: Date = new Date()) {
  const since = now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000;
  let thisWeek = 0;
  for (const row of rows) {
    const time = Date.parse(row.submitted_at);
    if (time >= since) thisWeek++;
  }
  return { total: rows.length, thisWeek };
}

export const NO_SOURCE = "Not recorded";
export const NO_CAMPAIGN = "No campaign";

/** Leads by traffic source and by UTM campaign (of the rows given: the filtered view). */
export function leadSources(rows: readonly ApplicationRecord[], campaignLimit = 5) {
  const bySource = new Map<string, number>();
  const byCampaign = new Map<string, number>();
  for (const row of rows) {
    const source = row.traffic_source || NO_SOURCE;
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
    const campaign = row.utm_campaign || NO_CAMPAIGN;
    byCampaign.set(campaign, (byCampaign.get(campaign) ?? 0) + 1);
  }
  return { bySource: ranked(bySource), byCampaign: ranked(byCampaign, campaignLimit) };
}
