/** The one home of time and date formats (ADR 0083): the staff formats, zones, calendar days, instants in words. */
import { describe, expect, it } from "vitest";
import {
  nextSendableAt,
  addDays,
  calendarDay,
  dateTimeFormatter,
  formatCalendarDay,
  formatClock,
  formatDate,
  formatDateTime,
  formatInstant,
  isTimeZone,
  isTimeZoneName,
  PILOT_TIME_ZONE,
} from "./time";

describe("the staff formats", () => {
  it("writes the admin's format in the staff member's time zone, across daylight-saving changes (the CSV)", () => {
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

  it("says each of a run of instants as formatDateTime does, the same minute twice included, in zones whose offset is not whole minutes too", () => {
    // Monrovia was 44 min 30 s behind UTC until 1972: 12:00:10 and 12:00:40 UTC fall in two local minutes there.
    for (const zone of ["America/Los_Angeles", "Asia/Kolkata", "Africa/Monrovia", "UTC"]) {
      const say = dateTimeFormatter(zone);
      for (const start of [Date.UTC(1971, 5, 1, 12, 0, 10), Date.UTC(2026, 2, 8, 9, 59, 10)]) {
        for (const step of [0, 15_000, 30_000, 45_000, 3_600_000]) {
          const iso = new Date(start + step).toISOString();
          expect(say(iso), `${zone} ${iso}`).toBe(formatDateTime(iso, zone));
        }
      }
    }
  });

  it("formats one instant alike in a zone, and in the runtime's own zone when none is given", () => {
    expect(formatDateTime("2026-03-08T10:00:00.000Z", "America/Los_Angeles")).toBe("Mar 08, 2026 at 3:00 AM");
    expect(formatDate("2026-01-04T18:45:00.000Z", "Asia/Kolkata")).toBe("Jan 05, 2026");
    expect(formatDateTime("2026-01-05T15:04:00.000Z", "UTC")).toBe("Jan 05, 2026 at 3:04 PM");
    const local = new Date(2026, 0, 5, 0, 7);
    expect(formatDate(local)).toBe("Jan 05, 2026");
    expect(formatDateTime(local)).toBe("Jan 05, 2026 at 12:07 AM");
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe("Dec 31, 2026 at 11:59 PM");
    expect(formatClock(new Date(2026, 0, 5, 9, 5))).toBe("09:05");
    for (const empty of [null, undefined, "", "not a date"]) {
      expect(formatDate(empty)).toBe("");
      expect(formatDateTime(empty)).toBe("");
    }
  });
});

describe("zones and days", () => {
  it("knows IANA zones; the strict check refuses offsets", () => {
    expect(isTimeZone("America/Los_Angeles")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZoneName(PILOT_TIME_ZONE)).toBe(true);
    expect(isTimeZoneName("+05:00")).toBe(false);
    expect(isTimeZoneName("Mars/Olympus")).toBe(false);
  });

  it("gives the calendar day of an instant in a zone, in UTC, or in the runtime's zone", () => {
    const at = new Date("2026-01-05T03:00:00.000Z");
    expect(calendarDay(at, "UTC")).toBe("2026-01-05");
    expect(calendarDay(at, "America/Los_Angeles")).toBe("2026-01-04");
    expect(calendarDay(at, "Asia/Kolkata")).toBe("2026-01-05");
    expect(calendarDay(new Date(2026, 11, 31, 23, 30))).toBe("2026-12-31");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(formatCalendarDay("2025-08-15")).toBe("August 15, 2025");
    expect(formatCalendarDay("2025-01-05")).toBe("January 5, 2025");
  });

  it("writes instants in words for people outside the staff, as Intl writes them", () => {
    const expected = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone: PILOT_TIME_ZONE }).format(new Date("2026-01-15T17:30:00.000Z"));
    expect(formatInstant("2026-01-15T17:30:00.000Z", "full", PILOT_TIME_ZONE)).toBe(expected);
    expect(formatInstant("2026-01-15T17:30:00.000Z", "medium", "UTC")).toMatch(/^Jan 15, 2026, 5:30\sPM$/);
  });
});

describe("her quiet hours (21:00 to 08:00 on her wall clock)", () => {
  it("lets a moment outside them go as it is", () => {
    const noon = new Date("2026-01-15T20:00:00.000Z"); // 12:00 in Los Angeles
    expect(nextSendableAt(noon, "America/Los_Angeles")).toEqual(noon);
    expect(nextSendableAt(new Date("2026-01-15T16:00:00.000Z"), "America/Los_Angeles")).toEqual(new Date("2026-01-15T16:00:00.000Z")); // 08:00 sharp
  });

  it("holds a moment inside them until the next 08:00 there, in two zones", () => {
    // 22:30 in New York → 08:00 the next morning there.
    expect(nextSendableAt(new Date("2026-01-16T03:30:00.000Z"), "America/New_York")).toEqual(new Date("2026-01-16T13:00:00.000Z"));
    // 03:00 in Tokyo → 08:00 the same morning.
    expect(nextSendableAt(new Date("2026-01-15T18:00:00.000Z"), "Asia/Tokyo")).toEqual(new Date("2026-01-15T23:00:00.000Z"));
    // 21:00 sharp is quiet.
    expect(nextSendableAt(new Date("2026-01-16T05:00:00.000Z"), "America/Los_Angeles")).toEqual(new Date("2026-01-16T16:00:00.000Z"));
  });

  it("counts a change to summer time in the night", () => {
    // 23:00 on 7 March 2026 in Los Angeles (PST); clocks go forward that night: 08:00 PDT is 15:00 UTC.
    expect(nextSendableAt(new Date("2026-03-08T07:00:00.000Z"), "America/Los_Angeles")).toEqual(new Date("2026-03-08T15:00:00.000Z"));
  });
});
