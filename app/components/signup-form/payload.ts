/**
 * The one place an application is turned into a request: payload construction and the POST.
 * Attribution fields, ad-cookie headers and tracking events hook in here.
 */
import { APPLICATION_FIELDS, type FormValuesOf, type ShownFieldOf, shownFormFields } from "#core/fields";
import { DEFAULT_LANGUAGE, type Language } from "#core/i18n/languages";
import { FORM_SOURCES, INTEREST_OTHER, type FormSource, type PageContext } from "#core/options";
import type { ApplicationData } from "#core/validation";
import { submitForm } from "~/lib/api-client";
import { answersBody, emptyAnswers } from "../forms/answers-body";
import {
  carryApplicationSuccess,
  getAdCookieHeaders,
  getAttributionPayload,
  trackApplicationSubmitted,
  trackApplicationSuccess,
} from "~/tracking/tracker";

/**
 * What the form holds while the visitor types: every field the person fills (core/fields.ts) as text,
 * except the tick boxes.
 */
export type SignupFormValues = FormValuesOf<typeof APPLICATION_FIELDS, "marketing_consent"> & {
  formSource: FormSource;
  /** Honeypot: hidden from people; bots that fill it are accepted and silently dropped by the server. */
  website: string;
};

/** Every field the person fills starts empty (the checkbox unticked). */
export function emptySignupValues(pageContext: PageContext): SignupFormValues {
  const answers = emptyAnswers(APPLICATION_FIELDS, shownFormFields(APPLICATION_FIELDS)) as FormValuesOf<typeof APPLICATION_FIELDS, "marketing_consent">;
  return { ...answers, formSource: FORM_SOURCES[pageContext], website: "" };
}

/**
 * Body of POST /api/applications before attribution is added: the fields the person fills, the form
 * source, the language of the page and the honeypot, as the shared schema outputs them (core/validation.ts).
 */
type PayloadFields = Pick<ApplicationData, ShownFieldOf<typeof APPLICATION_FIELDS> | "formSource" | "preferred_language" | "website">;
/** An answer the schema may leave undefined is left out of the body. */
export type ApplicationPayload = { [K in keyof PayloadFields as undefined extends PayloadFields[K] ? never : K]: PayloadFields[K] } & {
  [K in keyof PayloadFields as undefined extends PayloadFields[K] ? K : never]?: PayloadFields[K];
};

export interface ApplicationCreated {
  id: string;
  submitted_at: string;
}

/** The body from the form's values: texts trimmed, whole numbers as numbers, an empty optional answer left out. */
export function buildApplicationPayload(values: SignupFormValues, pageContext: PageContext, language: Language = DEFAULT_LANGUAGE): ApplicationPayload {
  const body = answersBody(APPLICATION_FIELDS, shownFormFields(APPLICATION_FIELDS), values);
  // The free-text answer only belongs with "Other".
  if (values.interestLevel !== INTEREST_OTHER) delete body.interestLevelOther;
  body.formSource = FORM_SOURCES[pageContext];
  // She applies in the language of the page she reads, not her browser's (ADR 0110, 0113).
  body.preferred_language = language;
  if (values.website) body.website = values.website;
  return body as ApplicationPayload;
}

export interface SubmitOptions {
  /**
   * `next-page`: a document load follows the success (a form island), so the success's conversions
   * are carried to that page instead of racing the page change (ADR 0028). Default: sent here.
   */
  conversions?: "here" | "next-page";
}

export async function submitApplication(payload: ApplicationPayload, options: SubmitOptions = {}): Promise<ApplicationCreated> {
  // First-party attribution and the consent record go with the body; the ad cookies (fbc/fbp) go as
  // headers only with tracking consent. Advertising events never carry the form's answers.
  const attribution = getAttributionPayload();
  trackApplicationSubmitted(attribution.event_id);
  const created = await submitForm<ApplicationCreated>("/api/applications", {
    body: { ...payload, ...attribution },
    headers: { ...getAdCookieHeaders() },
  });
  const lead = { email: payload.email, firstName: payload.firstName, lastName: payload.lastName, state: payload.state };
  if (options.conversions === "next-page") carryApplicationSuccess(lead, attribution.event_id);
  else trackApplicationSuccess(lead, attribution.event_id);
  return created;
}
