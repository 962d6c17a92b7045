import { renderToString } from "react-dom/server";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { normalizeText, sortedOrder } from "~/components/ui/data-table";
import { useAuth } from "./auth";
import { BOM, buildCsv, csvFileName } from "./csv";
import { APPLICATION_CSV_COLUMNS } from "./exports";
import { pathFromQueryKey } from "./query";
import { applicationStats, leadSources, messageStats } from "./stats";
import type { ApplicationRecord } from "./types";

function Probe() {
  useAuth();
  return null;
}

describe("auth context", () => {
  it("throws outside its provider", () => {
    expect(() => renderToString(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });
});

describe("query keys", () => {
  it("join path segments into the GET path", () => {
    expect(pathFromQueryKey(["api", "applications"])).toBe("/api/applications");
    expect(pathFromQueryKey(["api", "users"])).toBe("/api/users");
  });
});

describe("sorting", () => {
  it("orders numbers numerically and keeps ties stable in both directions", () => {
    const keys = [100, 19, 27, 19];
    expect([...sortedOrder(keys, "asc")]).toEqual([1, 3, 2, 0]);
    expect([...sortedOrder(keys, "desc")]).toEqual([0, 2, 1, 3]);
  });
  it("compares text case- and accent-insensitively", () => {
    const keys = ["Zoë", "adele", "Émilie", "beatriz"].map(normalizeText);
    expect([...sortedOrder(keys, "asc")]).toEqual([1, 3, 2, 0]);
  });
});

function application(overrides: Partial<ApplicationRecord>): ApplicationRecord {
  return {
    id: "a",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    age: 30,
    state: "California",
    phone: null,
    zipCode: "94105",
    interestLevel: "Just curious",
    interestLevelOther: null,
    formSource: "main page",
    marketing_consent: false,
    submitted_at: "2026-01-05T15:04:00.000Z",
    ...overrides,
  };
}

describe("CSV export", () => {
  it("writes a BOM, the spec's header order, Yes/No consent and neutralised formula cells", async () => {
    const parts = await buildCsv(
      [
        application({ firstName: "=SUM(A1)", phone: "+1 415 555 0101", marketing_consent: true }),
        application({ firstName: "Zoë", lastName: "@home", interestLevelOther: "\tTabbed", utm_campaign: "-5" }),
      ],
      APPLICATION_CSV_COLUMNS,
      { chunkSize: 1 },
    );
    const text = parts.join("");
    expect(text.startsWith(BOM)).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1).trim()).data;
    expect(rows[0]?.slice(0, 12)).toEqual([
      "First Name", "Last Name", "Email", "Age", "State", "Phone", "Zip Code", "Interest Level",
      "Interest Level Other", "Form Source", "Marketing Consent", "Submitted Date",
    ]);
    expect(rows[0]?.slice(12)).toEqual([
      "Traffic Source", "UTM Source", "UTM Medium", "UTM Campaign", "Referrer URL", "Landing Path",
      "Browser Language", "Time Zone", "Tracking Consent",
    ]);
    expect(rows[1]?.[0]).toBe("'=SUM(A1)");
    expect(rows[1]?.[5]).toBe("'+1 415 555 0101");
    expect(rows[1]?.[10]).toBe("Yes");
    expect(rows[2]?.[0]).toBe("Zoë");
    expect(rows[2]?.[1]).toBe("'@home");
    expect(rows[2]?.[8]).toBe("'\tTabbed");
    expect(rows[2]?.[10]).toBe("No");
    expect(rows[2]?.[15]).toBe("'-5");
    expect(rows).toHaveLength(3);
  });

  it("names files with the brand prefix and the date", () => {
    expect(csvFileName("ovella", "applications", new Date(2026, 0, 5))).toBe("ovella-applications-2026-01-05.csv");
    expect(csvFileName("ovella", "contact-messages", new Date(2026, 11, 31))).toBe("ovella-contact-messages-2026-12-31.csv");
  });
});

const messageAt = (iso: string) => ({ id: iso, firstName: "a", lastName: "b", email: "e", phone: null, reason: "other", subject: "s", message: "m", submitted_at: iso });

describe("dashboard figures", () => {
  it("computes totals, average age, top state and the top five states", () => {
    const states = ["California", "California", "California", "Texas", "Texas", "Ohio", "Utah", "Iowa", "Maine"];
    const stats = applicationStats(states.map((state, i) => application({ id: String(i), state, age: 20 + i })));
    expect(stats.total).toBe(9);
    expect(stats.averageAge).toBe(24);
    expect(stats.topState).toBe("California");
    expect(stats.topStates.map((s) => s.label)).toEqual(["California", "Texas", "Iowa", "Maine", "Ohio"]);
    expect(applicationStats([]).topState).toBeNull();
  });

  it("counts messages of the last seven days", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(messageStats([messageAt("2026-03-10T11:00:00Z"), messageAt("2026-03-04T12:00:01Z"), messageAt("2026-03-03T11:59:59Z")], now)).toEqual({ total: 3, thisWeek: 2 });
  });

  it("counts leads by traffic source and campaign", () => {
    const sources = leadSources([
      application({ traffic_source: "facebook_ads", utm_campaign: "spring" }),
      application({ traffic_source: "facebook_ads", utm_campaign: "spring" }),
      application({ traffic_source: null, utm_campaign: null }),
    ]);
    expect(sources.bySource).toEqual([{ label: "facebook_ads", count: 2 }, { label: "Not recorded", count: 1 }]);
    expect(sources.byCampaign).toEqual([{ label: "spring", count: 2 }, { label: "No campaign", count: 1 }]);
  });
});
