/**
 * Form values → row columns, for applications and contact messages: the one mapping used when a
 * submission is stored (./submissions) and when a privacy correction is written (./privacy/correct).
 * Only the named fields reach a row: nothing else from a request is ever stored.
 */
import type { ApplicationData, ContactData } from "#core/validation";
import type { Application, ContactMessage } from "../db/schema";

/** The application columns its form fills, in the order the insert names them. */
export const APPLICATION_FORM_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "age",
  "state",
  "phone",
  "zipCode",
  "interestLevel",
  "interestLevelOther",
  "formSource",
  "marketing_consent",
  "traffic_source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referrer_url",
  "landing_path",
  "browser_language",
  "timezone",
  "event_id",
  "tracking_consent",
] as const satisfies readonly (keyof Application)[];

export type ApplicationFormColumns = Pick<Application, (typeof APPLICATION_FORM_COLUMNS)[number]>;

export function applicationColumns(data: ApplicationData): ApplicationFormColumns {
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    age: data.age,
    state: data.state,
    phone: data.phone ?? null,
    zipCode: data.zipCode ?? null,
    interestLevel: data.interestLevel,
    interestLevelOther: data.interestLevelOther ?? null,
    formSource: data.formSource,
    marketing_consent: data.marketing_consent,
    traffic_source: data.traffic_source ?? null,
    utm_source: data.utm_source ?? null,
    utm_medium: data.utm_medium ?? null,
    utm_campaign: data.utm_campaign ?? null,
    referrer_url: data.referrer_url ?? null,
    landing_path: data.landing_path ?? null,
    browser_language: data.browser_language ?? null,
    timezone: data.timezone ?? null,
    event_id: data.event_id ?? null,
    tracking_consent: data.tracking_consent ?? null,
  };
}

/** The contact message columns its form fills, in the order the insert names them. */
export const CONTACT_FORM_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "reason",
  "subject",
  "message",
] as const satisfies readonly (keyof ContactMessage)[];

export type ContactFormColumns = Pick<ContactMessage, (typeof CONTACT_FORM_COLUMNS)[number]>;

export function contactColumns(data: ContactData): ContactFormColumns {
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone ?? null,
    reason: data.reason,
    subject: data.subject,
    message: data.message,
  };
}
