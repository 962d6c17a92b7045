/**
 * Time zones and date formats, in one place for the admin, the CSV exports, the emails, the public pages and
 * the command-line tools (ADR 0083). Built on `Intl` and `Date` alone. Every `Intl` formatter is made on first
 * use and kept: the static page script imports this module, and a formatter costs its set-up even on a page
 * that never formats a date (ADR 0031).
 *
 * The staff formats are "Jan 05, 2026" and "Jan 05, 2026 at 3:04 PM" (in the admin, the CLI and the CSV
 * alike), in the runtime's own zone unless one is given; calendar days are "2026-01-05".
 */

/** The pilot's own time zone (both cities are in California): offer deadlines and the public countdown. */
export const PILOT_TIME_ZONE = "America/Los_Angeles";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------------------
// Time zones

/** Whether this runtime knows a time zone (an IANA name such as "America/Los_Angeles" or "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

/** An IANA time zone name this runtime knows ("America/Los_Angeles", "UTC"); never an offset like "+05:00". */
export function isTimeZoneName(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return false;
  return isTimeZone(zone);
}

/** The runtime's own IANA time zone (in the browser, the staff member's or the visitor's); undefined if unknown. */
export function runtimeTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Wall-clock readings

interface WallClock {
  year: number;
  /** 0–11 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
}

const localClock = (date: Date): WallClock => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
  hour: date.getHours(),
  minute: date.getMinutes(),
});

const utcClock = (date: Date): WallClock => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
});

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, time: number): number {
  const p = Object.fromEntries(partsFormatter(timeZone).formatToParts(new Date(time)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return local - Math.floor(time / 1000) * 1000;
}

/** The wall clock of an instant: in `timeZone`, or in the runtime's own zone when none is given. */
function clockOf(date: Date, timeZone?: string): WallClock {
  if (timeZone === undefined) return localClock(date);
  if (timeZone === "UTC") return utcClock(date);
  return utcClock(new Date(date.getTime() + offsetAt(timeZone, date.getTime())));
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const dateText = (c: WallClock) => `${MONTHS[c.month]} ${pad2(c.day)}, ${c.year}`;
const dateTimeText = (c: WallClock) => {
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${dateText(c)} at ${hour12}:${pad2(c.minute)} ${c.hour < 12 ? "AM" : "PM"}`;
};

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------------------------------------------------
// The staff formats

/** "Jan 05, 2026" ("" for no or an invalid date). */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  return date ? dateText(clockOf(date, timeZone)) : "";
}

/** "Jan 05, 2026 at 3:04 PM" ("" for no or an invalid date). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  return date ? dateTimeText(clockOf(date, timeZone)) : "";
}

/**
 * formatDateTime in one zone for many instants (the CSV exports): the zone's offset is looked up once per hour
 * of time (offsets change on hour boundaries), so a million rows cost a million additions, not a million
 * Intl calls. An invalid instant gives "".
 */
export function dateTimeFormatter(timeZone: string): (instant: string | number) => string {
  const offsets = new Map<number, number>();
  const cachedOffset = (time: number): number => {
    const bucket = Math.floor(time / HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = offsetAt(timeZone, bucket * HOUR_MS);
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  // The last minute said: rows in an export's sort often share it (kept only where the zone's offset is whole minutes).
  let lastMinute = Number.NaN;
  let lastText = "";
  return (instant) => {
    const time = typeof instant === "number" ? instant : Date.parse(instant);
    if (Number.isNaN(time)) return "";
    const minute = Math.floor(time / MINUTE_MS);
    if (minute === lastMinute) return lastText;
    const offset = cachedOffset(time);
    lastText = dateTimeText(utcClock(new Date(time + offset)));
    lastMinute = offset % MINUTE_MS === 0 ? minute : Number.NaN;
    return lastText;
  };
}

/** "09:05": the hour and minute, 24-hour, in the runtime's zone. */
export function formatClock(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

// ---------------------------------------------------------------------------------------------------------
// Calendar days

/** The calendar day of an instant, "2026-01-05": in `timeZone` ("UTC" included), or the runtime's own zone. */
export function calendarDay(at: Date, timeZone?: string): string {
  const c = clockOf(at, timeZone);
  return `${String(c.year).padStart(4, "0")}-${pad2(c.month + 1)}-${pad2(c.day)}`;
}

/** A calendar day moved by whole days (date arithmetic only, no zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar day as people read it: "2025-08-15" → "August 15, 2025". */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${LONG_MONTHS[(month ?? 1) - 1]} ${date}, ${year}`;
}

// ---------------------------------------------------------------------------------------------------------
// Wall-clock times in a zone (the clinic's consult hours)

/**
 * The instant a wall-clock time of a calendar day has in a zone ("2026-03-08", 9 × 60, "America/Los_Angeles").
 * A time the clocks skip (the spring change) is read with the offset before the change, so it lands just after
 * the gap; a time that happens twice (the autumn change) is its first occurrence.
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const local = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS;
  if (timeZone === "UTC") return new Date(local);
  const before = offsetAt(timeZone, local - DAY_MS);
  const after = offsetAt(timeZone, local + DAY_MS);
  const candidates = [local - before, local - after].filter((time) => offsetAt(timeZone, time) === local - time);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : local - before);
}

const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** The day of the week of a calendar day, "monday" … "sunday". */
export function weekdayOf(day: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? "sunday";
}

/** "09:30" → 570 minutes after midnight. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Instants in words, for people outside the staff (the public pages and the emails)

type InstantStyle = "medium" | "long" | "full";
const styled = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant with its date in words and its time ("Jan 15, 2026, 5:30 PM" medium, "January 15, 2026 at 5:30
 * PM" long, "Thursday, January 15, 2026 at 5:30 PM" full) in a time zone, as `Intl` writes it for en-US.
 */
export function formatInstant(value: string | number | Date, style: InstantStyle, timeZone: string): string {
  const key = `${style} ${timeZone}`;
  let formatter = styled.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { dateStyle: style, timeStyle: "short", timeZone });
    styled.set(key, formatter);
  }
  return formatter.format(value instanceof Date ? value : new Date(value));
}

/** Her quiet hours (ADR 0102): no reminder is sent from 21:00 until 08:00 on her wall clock. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

/**
 * When a reminder due at `at` may go in `timeZone`: `at` itself outside her quiet hours, else the next 08:00 on her
 * wall clock (the same day before 08:00, the next one from 21:00), found through the zone's offset at that moment so a
 * daylight-saving change in the night is counted.
 */
export function nextSendableAt(at: Date, timeZone: string): Date {
  const local = utcClock(new Date(at.getTime() + offsetAt(timeZone, at.getTime())));
  if (local.hour >= QUIET_HOURS.until && local.hour < QUIET_HOURS.from) return at;
  const day = local.hour >= QUIET_HOURS.from ? local.day + 1 : local.day;
  const wall = Date.UTC(local.year, local.month, day, QUIET_HOURS.until, 0, 0);
  let instant = wall - offsetAt(timeZone, at.getTime());
  instant = wall - offsetAt(timeZone, instant);
  return new Date(instant);
}

/** The zone an applicant's deadlines are told in: the one her browser reported at submission, else the pilot's. */
export function applicantTimeZone(reported: string | null | undefined): string {
  return reported && isTimeZoneName(reported) ? reported : PILOT_TIME_ZONE;
}

const deadlines = new Map<string, Intl.DateTimeFormat>();

/**
 * A deadline as an applicant reads it, in her zone with the zone named: "Thursday, January 22, 2026 at 9:30 AM
 * Pacific Standard Time" (in Spanish, `es-US`: "jueves, 22 de enero de 2026, 9:30 a.m. hora estándar del Pacífico").
 * The text given back when it is no date.
 */
export function formatDeadline(value: string | Date, timeZone: string, locale = "en-US"): string {
  const date = value instanceof Date ? value : toDate(value);
  if (!date) return String(value);
  const key = `${locale} ${timeZone}`;
  let formatter = deadlines.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "long",
      timeZone,
    });
    deadlines.set(key, formatter);
  }
  return formatter.format(date);
}

/** "Jan 15, 2026, 5:30 PM UTC": an unambiguous instant for staff emails; the text given back when it is no date. */
export function formatUtc(iso: string): string {
  const date = toDate(iso);
  return date ? `${formatInstant(date, "medium", "UTC")} UTC` : iso;
}
