/** The Privacy Policy's retention section states whatever periods are configured, and the env defaults. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeDays } from "#core/privacy";
import { readEnv } from "../../../server/config/env";
import { retentionPolicyFromEnv } from "../../../server/services/privacy/config";
import { DataRetention } from "./privacy-policy";

function statedDays(html: string, kind: string): string | undefined {
  return new RegExp(`data-retention="${kind}">([^<]+)<`).exec(html)?.[1];
}

describe("Privacy Policy retention periods", () => {
  it("states the configured periods, not fixed text", () => {
    const env = readEnv({ RETENTION_DAYS_APPLICATIONS: "400", RETENTION_DAYS_MESSAGES: "90", RETENTION_DAYS_AUDIT: "1460" });
    const html = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(env)} />);
    expect(statedDays(html, "applications")).toBe("400 days");
    expect(statedDays(html, "messages")).toBe("90 days");
    expect(statedDays(html, "audit")).toBe("1460 days (4 years)");
  });

  it("states the defaults when nothing is configured", () => {
    const env = readEnv({});
    const html = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(env)} />);
    expect(statedDays(html, "applications")).toBe(describeDays(env.RETENTION_DAYS_APPLICATIONS));
    expect(statedDays(html, "applications")).toBe("730 days (2 years)");
    expect(statedDays(html, "messages")).toBe("365 days (1 year)");
    expect(statedDays(html, "audit")).toBe("2190 days (6 years)");
  });

  it("states how long a backup from before a deletion may remain: BACKUP_KEEP backups of BACKUP_EVERY_HOURS", () => {
    const key = "ab".repeat(32);
    const daily = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(readEnv({ BACKUP_DIR: "/tmp/b", BACKUP_KEY: key }))} />);
    expect(statedDays(daily, "backups")).toMatch(/cleared from our database.{1,8}s files at once.*gone within 7 days\. If a backup is ever restored/);
    const twelve = readEnv({ BACKUP_DIR: "/tmp/b", BACKUP_KEY: key, BACKUP_KEEP: "5", BACKUP_EVERY_HOURS: "12" });
    expect(statedDays(renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(twelve)} />), "backups")).toMatch(/within 3 days/);
    const none = renderToStaticMarkup(<DataRetention retention={retentionPolicyFromEnv(readEnv({}))} />);
    expect(statedDays(none, "backups")).toMatch(/never later than the periods above/);
  });

  it("refuses retention settings that would break the policy's promises", () => {
    expect(() => readEnv({ RETENTION_DAYS_AUDIT: "100" })).toThrow("RETENTION_DAYS_AUDIT: must be at least 730 days");
    expect(() => readEnv({ RETENTION_DAYS_APPLICATIONS: "soon" })).toThrow("RETENTION_DAYS_APPLICATIONS: must be a whole number of days");
    expect(() => readEnv({ PRIVACY_HASH_SECRET: "short" })).toThrow("PRIVACY_HASH_SECRET: must be at least 32 characters");
  });
});
