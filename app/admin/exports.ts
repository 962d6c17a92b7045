/** The export files' columns, in the specification's order; attribution columns come after them. */
import { contactReasonLabel } from "#core/options";
import type { CsvColumn } from "./csv";
import { formatDateTime } from "./format";
import type { ApplicationRecord, ContactMessageRecord } from "./types";

export const APPLICATION_CSV_COLUMNS: readonly CsvColumn<ApplicationRecord>[] = [
  { header: "First Name", value: (r) => r.firstName },
  { header: "Last Name", value: (r) => r.lastName },
  { header: "Email", value: (r) => r.email },
  { header: "Age", value: (r) => r.age },
  { header: "State", value: (r) => r.state },
  { header: "Phone", value: (r) => r.phone },
  { header: "Zip Code", value: (r) => r.zipCode },
  { header: "Interest Level", value: (r) => r.interestLevel },
  { header: "Interest Level Other", value: (r) => r.interestLevelOther },
  { header: "Form Source", value: (r) => r.formSource },
  { header: "Marketing Consent", value: (r) => (r.marketing_consent ? "Yes" : "No") },
  { header: "Submitted Date", value: (r) => formatDateTime(r.submitted_at) },
  // First-party attribution (issue: privacy-first attribution), appended after the spec's columns.
  { header: "Traffic Source", value: (r) => r.traffic_source },
  { header: "UTM Source", value: (r) => r.utm_source },
  { header: "UTM Medium", value: (r) => r.utm_medium },
  { header: "UTM Campaign", value: (r) => r.utm_campaign },
  { header: "Referrer URL", value: (r) => r.referrer_url },
  { header: "Landing Path", value: (r) => r.landing_path },
  { header: "Browser Language", value: (r) => r.browser_language },
  { header: "Time Zone", value: (r) => r.timezone },
  { header: "Tracking Consent", value: (r) => r.tracking_consent },
];

export const CONTACT_CSV_COLUMNS: readonly CsvColumn<ContactMessageRecord>[] = [
  { header: "First Name", value: (r) => r.firstName },
  { header: "Last Name", value: (r) => r.lastName },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Reason", value: (r) => contactReasonLabel(r.reason) },
  { header: "Subject", value: (r) => r.subject },
  { header: "Message", value: (r) => r.message },
  { header: "Submitted Date", value: (r) => formatDateTime(r.submitted_at) },
];
