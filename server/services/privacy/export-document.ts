/**
 * The access ("right to know") export: one JSON document holding everything stored about an address,
 * in a documented, versioned shape a person can be sent. Every stored column is included, the advertising
 * identifiers too (fbc, fbp): the person has a right to know what we hold, and the document says what each is.
 */
import { brand } from "#core/brand";
import type { SubjectRecords } from "./find";
import { calendarDay } from "#core/time";

export const EXPORT_FORMAT = "ovella.privacy-export";
export const EXPORT_VERSION = 1;

/** Plain-language notes on each part of the document, written into the document itself. */
export const EXPORT_DESCRIPTIONS = {
  applications:
    "Pilot applications submitted with this email address, with every stored field: the form answers, the page the form was on, " +
    "first-party attribution (traffic source, UTM tags, referrer, landing page, browser language, time zone), the advertising " +
    "consent choice at the time (tracking_consent) and, only if advertising cookies were accepted, the Meta click and browser " +
    "identifiers (fbc, fbp) and the event identifier (event_id).",
  contact_messages: "Messages sent through the contact form with this email address.",
  emails:
    "Emails we queued or sent about this address or to it: kind, recipients, delivery status and the data used to write them (payload).",
  consent_records:
    "Consent choices: marketing email consent and advertising consent recorded with each application, and later changes such as unsubscribes.",
  audit_events:
    "Our log of staff and system actions on these records (who, what, when, from which network address).",
  privacy_requests: "Requests to see, correct or delete this information and how each was handled.",
  stage_history: "Each step of your application through the pilot's selection: from which stage to which, when, by whom and why.",
  staff_notes: "Notes our staff wrote about your application (they are never emailed or shared).",
  offers: "Places offered to you: when, the answer deadline, and how each offer ended.",
} as const;

export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  generated_at: string;
  controller: { name: string; privacy_contact: string };
  subject: { email: string };
  descriptions: typeof EXPORT_DESCRIPTIONS;
  counts: Record<keyof typeof EXPORT_DESCRIPTIONS, number>;
  applications: SubjectRecords["applications"];
  contact_messages: SubjectRecords["contactMessages"];
  emails: SubjectRecords["emails"];
  consent_records: SubjectRecords["consents"];
  audit_events: SubjectRecords["auditEvents"];
  privacy_requests: Array<Omit<SubjectRecords["requests"][number], "subject_hash">>;
  stage_history: SubjectRecords["stageHistory"];
  staff_notes: SubjectRecords["notes"];
  offers: SubjectRecords["offers"];
}

export function buildExportDocument(records: SubjectRecords, generatedAt: Date): ExportDocument {
  const requests = records.requests.map(({ subject_hash: _hash, ...rest }) => rest);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generated_at: generatedAt.toISOString(),
    controller: { name: brand.legal.entity, privacy_contact: brand.contact.privacy },
    subject: { email: records.email },
    descriptions: EXPORT_DESCRIPTIONS,
    counts: {
      applications: records.applications.length,
      contact_messages: records.contactMessages.length,
      emails: records.emails.length,
      consent_records: records.consents.length,
      audit_events: records.auditEvents.length,
      privacy_requests: requests.length,
      stage_history: records.stageHistory.length,
      staff_notes: records.notes.length,
      offers: records.offers.length,
    },
    applications: records.applications,
    contact_messages: records.contactMessages,
    emails: records.emails,
    consent_records: records.consents,
    audit_events: records.auditEvents,
    privacy_requests: requests,
    stage_history: records.stageHistory,
    staff_notes: records.notes,
    offers: records.offers,
  };
}

/** File name of the export: no address in it (file names end up in download histories and mail subjects). */
export function exportFileName(generatedAt: Date): string {
  return `${brand.name.toLowerCase()}-privacy-export-${calendarDay(generatedAt, "UTC")}.json`;
}
