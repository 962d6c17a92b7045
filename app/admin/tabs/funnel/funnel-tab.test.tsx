/** The Funnel tab's tables, the charts' text alternative: every count and rate, and each stuck applicant's link. */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Funnel, FunnelRow, Stuck } from "#core/contracts/funnel";
import { FUNNEL_STEPS } from "#core/pipeline/funnel";
import { FunnelTable, StuckSection } from "./funnel-tab";

const row = (group: string | null, counts: number[], other = false): FunnelRow => ({
  group,
  other,
  steps: FUNNEL_STEPS.map((step, i) => ({ step, count: counts[i] ?? 0, rate: i === 0 || !counts[i - 1] ? null : (counts[i] ?? 0) / (counts[i - 1] ?? 1) })),
  overall: counts[0] ? (counts[4] ?? 0) / counts[0] : null,
});

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("funnel tables", () => {
  it("lists every group with its counts, the rate from the step before and the overall rate", () => {
    const funnel: Funnel = {
      by: "utm_campaign",
      total: row(null, [1200, 300, 90, 30, 20]),
      groups: [row("spring", [1000, 250, 80, 25, 18]), row(null, [150, 40, 8, 4, 2]), row(null, [50, 10, 2, 1, 0], true)],
      zone: "UTC",
      daily: [],
      countedAt: "2026-11-26T05:00:00.000Z",
    };
    const html = text(renderToString(<FunnelTable funnel={funnel} caption="By campaign" />));
    expect(html).toContain("|UTM campaign|");
    expect(html).toContain("|All applications|1,200|300| (25%)|90| (30%)|30| (33.3%)|20| (66.7%)|1.7%|");
    expect(html).toContain("|spring|1,000|250| (25%)|80| (32%)|25| (31.3%)|18| (72%)|1.8%|");
    expect(html).toContain("|(none)|150|40| (26.7%)|");
    expect(html).toContain("|All other|50|10| (20%)|2| (20%)|1| (50%)|0| (0%)|0%|");
  });

  it("shows the time in each stage and links each stuck applicant to her record", () => {
    const stuck: Stuck = {
      stuckDays: 7,
      total: 3,
      stages: [
        { stage: "new", count: 4, stuck: 2, medianDaysNow: 8.5, medianDaysToLeave: 1 },
        { stage: "reviewing", count: 1, stuck: 1, medianDaysNow: 12, medianDaysToLeave: null },
        { stage: "assessment_invited", count: 0, stuck: 0, medianDaysNow: null, medianDaysToLeave: null },
        { stage: "assessment_passed", count: 0, stuck: 0, medianDaysNow: null, medianDaysToLeave: null },
      ],
      applicants: [
        { id: "3f1c0c52-8b7e-4a53-9d55-0a3c2b0a9e11", name: "Rita Reviewing", stage: "reviewing", since: "2026-11-14T10:00:00.000Z", days: 12, owner: "maya" },
        { id: "5b2d8e7a-1c4f-4e0b-8a6d-2f9e3c1b7a22", name: "Nina New", stage: "new", since: "2026-11-16T10:00:00.000Z", days: 10, owner: null },
      ],
      countedAt: "2026-11-26T05:00:00.000Z",
    };
    const raw = renderToString(
      <MemoryRouter>
        <StuckSection stuck={stuck} />
      </MemoryRouter>,
    );
    const html = text(raw);
    expect(html).toContain("|New|4|2|8.5 days|1 day|");
    expect(html).toContain("|Reviewing|1|1|12 days|–|");
    expect(html).toContain("Stuck applicants: 3| (the 2 longest waits)|");
    expect(raw).toContain('href="/admin/applications/3f1c0c52-8b7e-4a53-9d55-0a3c2b0a9e11"');
    expect(html).toContain("|Rita Reviewing|Reviewing for 12 days · owner maya|");
    expect(html).toContain("|Nina New|New for 10 days · no owner|");
  });
});
