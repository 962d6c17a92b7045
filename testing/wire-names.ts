/**
 * The one list of the names the specification fixes (docs/requirements.md §3 and §7, and the selection's
 * fields of ADR 0059): wire names of the records and headers of the CSV exports, in their order. Tests check
 * that these are present, spelled and ordered so; a field added later through the catalogue (core/fields.ts)
 * joins the answers without a change here. CSV cells are read by header (`csvRecords`), never by position.
 */
import Papa from "papaparse";

export const SPEC_APPLICATION_WIRE_NAMES = [
  "id", "firstName", "lastName", "email", "age", "state", "phone", "zipCode", "interestLevel", "interestLevelOther",
  "formSource", "marketing_consent", "submitted_at", "traffic_source", "utm_source", "utm_medium", "utm_campaign",
  "referrer_url", "landing_path", "browser_language", "timezone", "event_id", "tracking_consent",
  "stage", "stage_changed_at", "owner", "eligible", "waitlist_rank",
] as const;

export const SPEC_CONTACT_WIRE_NAMES = ["id", "firstName", "lastName", "email", "phone", "reason", "subject", "message", "submitted_at"] as const;

export const SPEC_APPLICATION_CSV_HEADERS = [
  "First Name", "Last Name", "Email", "Age", "State", "Phone", "Zip Code", "Interest Level", "Interest Level Other",
  "Form Source", "Marketing Consent", "Submitted Date", "Traffic Source", "UTM Source", "UTM Medium", "UTM Campaign",
  "Referrer URL", "Landing Path", "Browser Language", "Time Zone", "Tracking Consent",
  "Stage", "In Stage Since", "Owner", "Eligible",
] as const;

export const SPEC_CONTACT_CSV_HEADERS = ["First Name", "Last Name", "Email", "Phone", "Reason", "Subject", "Message", "Submitted Date"] as const;

/** Whether `names` holds every name of `required` in the same relative order (other names may stand between). */
export function keepsInOrder(names: readonly string[], required: readonly string[]): boolean {
  let at = 0;
  for (const name of names) if (name === required[at]) at += 1;
  return at === required.length;
}

/** A CSV export's header row and its rows as objects keyed by header (the byte-order mark removed). */
export function csvRecords(text: string): { headers: string[]; records: Array<Record<string, string>> } {
  const [headers = [], ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim()).data;
  return { headers, records: rows.map((row) => Object.fromEntries(headers.map((header, i) => [header, row[i] ?? ""]))) };
}
