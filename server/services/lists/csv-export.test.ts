import { describe, expect, it } from "vitest";
import { dateTimeFormatter } from "./csv-export";

describe("export dates", () => {
  it("writes the admin's format in the staff member's time zone, across daylight-saving changes", () => {
    const la = dateTimeFormatter("America/Los_Angeles");
    expect(la("2026-03-05T20:30:00.000Z")).toBe("Mar 05, 2026 at 12:30 PM");
    expect(la("2026-03-08T09:59:00.000Z")).toBe("Mar 08, 2026 at 1:59 AM");
    expect(la("2026-03-08T10:00:00.000Z")).toBe("Mar 08, 2026 at 3:00 AM");
    expect(la("2026-07-01T07:05:00.000Z")).toBe("Jul 01, 2026 at 12:05 AM");
    const kolkata = dateTimeFormatter("Asia/Kolkata");
    expect(kolkata("2026-01-04T18:45:00.000Z")).toBe("Jan 05, 2026 at 12:15 AM");
    expect(dateTimeFormatter("UTC")("2026-12-31T23:59:59.999Z")).toBe("Dec 31, 2026 at 11:59 PM");
    expect(la("not a date")).toBe("");
  });
});
