/**
 * The one place an application is turned into a request: payload construction and the POST.
 * Attribution fields, ad-cookie headers and tracking events hook in here.
 */
import { FORM_SOURCES, INTEREST_OTHER, type FormSource, type PageContext } from "#core/options";
import { submitForm } from "~/lib/api-client";
import {
  carryApplicationSuccess,
  getAdCookieHeaders,
  getAttributionPayload,
  trackApplicationSubmitted,
  trackApplicationSuccess,
} from "~/tracking/tracker";

/** What the form holds while the visitor types (every control is text except the checkbox). */
export interface SignupFormValues {
  firstName: string;
  lastName: string;
  email: string;
  age: string;
  state: string;
  phone: string;
  zipCode: string;
  interestLevel: string;
  interestLevelOther: string;
  marketing_consent: boolean;
  formSource: FormSource;
  /** Honeypot: hidden from people; bots that fill it are accepted and silently dropped by the server. */
  website: string;
}

export function emptySignupValues(pageContext: PageContext): SignupFormValues {
  return {
    firstName: "",
    lastName: "",
    email: "",
    age: "",
    state: "",
    phone: "",
    zipCode: "",
    interestLevel: "",
    interestLevelOther: "",
    marketing_consent: false,
    formSource: FORM_SOURCES[pageContext],
    website: "",
  };
}

/** Body of POST /api/applications (docs/requirements.md §7). */
export interface ApplicationPayload {
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  state: string;
  phone?: string;
  zipCode: string;
  interestLevel: string;
  interestLevelOther?: string;
  formSource: FormSource;
  marketing_consent: boolean;
  website?: string;
}

export interface ApplicationCreated {
  id: string;
  submitted_at: string;
}

export function buildApplicationPayload(values: SignupFormValues, pageContext: PageContext): ApplicationPayload {
  const phone = values.phone.trim();
  const other = values.interestLevelOther.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    age: Number(values.age),
    state: values.state,
    ...(phone ? { phone } : {}),
    zipCode: values.zipCode.trim(),
    interestLevel: values.interestLevel,
    ...(values.interestLevel === INTEREST_OTHER && other ? { interestLevelOther: other } : {}),
    formSource: FORM_SOURCES[pageContext],
    marketing_consent: values.marketing_consent,
    ...(values.website ? { website: values.website } : {}),
  };
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
