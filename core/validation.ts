/**
 * The one validation module: browser forms and the server parse with these same schemas,
 * so every message a visitor or a staff member reads is the text of docs/requirements.md §5.
 */
import { z } from "zod";
import {
  CONTACT_REASON_VALUES,
  COUNTRIES,
  FORM_SOURCE_VALUES,
  INTEREST_LEVELS,
  INTEREST_OTHER,
  ROLES,
  TRAFFIC_SOURCES,
  US_STATES,
} from "./options";
import { declaredRules } from "./field-rules";
import { APPLICATION_FIELDS, CONTACT_FIELDS } from "./fields";
import { LIMITS } from "./limits";
import { hasNoNameControls, NAME_CONTROL_MESSAGE } from "./person-name";
import { postcodeProblem } from "./postcodes";
import { isStorableText, text } from "./storable";

// In the browser Zod 4 would probe `new Function` to compile fast object parsers: under the site's strict
// Content-Security-Policy (no 'unsafe-eval') that probe is a logged violation on every page load. The
// server has no such policy and validates every submission: there the compiled parsers are used.
// Read when each schema below is built, so it is set before them.
z.config({ jitless: typeof document !== "undefined" });

export { LIMITS };
export { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable";
export { NAME_CONTROL_MESSAGE } from "./person-name";

/** Text that cannot be stored has its own one message (core/storable.ts): the name rule stays silent on it. */
const nameWithoutControls = (value: string) => !isStorableText(value) || hasNoNameControls(value);

const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A required text field: missing, blank or not text all read as the field's "required" message. */
function requiredText(required: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    text({ error: required }).min(1, required),
  );
}

function email() {
  return requiredText("Email is required").pipe(
    text()
      .max(LIMITS.emailMax, `Email must be ${LIMITS.emailMax} characters or less`)
      .pipe(z.email("Please enter a valid email address")),
  );
}

const optionalPhone = z.preprocess(
  (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
  text({ error: "Please enter a valid phone number" })
    .max(LIMITS.phoneMax, `Phone number must be ${LIMITS.phoneMax} characters or less`)
    .optional(),
);

const honeypot = z.preprocess(
  (v) => (typeof v === "string" ? v : undefined),
  z.string().max(1000).optional(),
);

const US_STATE_SET = new Set<string>(US_STATES);
const COUNTRY_SET = new Set<string>(COUNTRIES);

export function isKnownState(value: string): boolean {
  return US_STATE_SET.has(value) || COUNTRY_SET.has(value);
}

const attributionText = z.preprocess(
  (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : undefined),
  text().max(LIMITS.attributionMax).optional(),
);

/** First-party attribution sent with an application (issue: privacy-first attribution). */
export const attributionFields = {
  traffic_source: z.preprocess(
    (v) => (typeof v === "string" && (TRAFFIC_SOURCES as readonly string[]).includes(v) ? v : undefined),
    z.enum(TRAFFIC_SOURCES).optional(),
  ),
  utm_source: attributionText,
  utm_medium: attributionText,
  utm_campaign: attributionText,
  referrer_url: attributionText,
  landing_path: attributionText,
  browser_language: attributionText,
  timezone: attributionText,
  event_id: attributionText,
  tracking_consent: z.preprocess(
    (v) => (v === "granted" || v === "denied" ? v : undefined),
    z.enum(["granted", "denied"]).optional(),
  ),
};

export const applicationSchema = z
  .object({
    firstName: requiredText("First name is required").pipe(
      text()
        .min(2, "First name must be at least 2 characters")
        .max(LIMITS.nameMax, `First name must be ${LIMITS.nameMax} characters or less`)
        .refine(nameWithoutControls, NAME_CONTROL_MESSAGE),
    ),
    lastName: requiredText("Last name is required").pipe(
      text()
        .min(2, "Last name must be at least 2 characters")
        .max(LIMITS.nameMax, `Last name must be ${LIMITS.nameMax} characters or less`)
        .refine(nameWithoutControls, NAME_CONTROL_MESSAGE),
    ),
    email: email(),
    age: z.preprocess(
      (v) => {
        if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return undefined;
        if (typeof v === "string") {
          const t = v.trim();
          if (t === "") return undefined;
          return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
        }
        return v;
      },
      z
        .number({ error: (issue) => (issue.input === undefined ? "Age is required" : "Age must be a number") })
        .int("Age must be a whole number")
        .min(LIMITS.minAge, "Must be at least 18 years old")
        .max(LIMITS.maxAge, "Please enter a valid age"),
    ),
    state: requiredText("Please select a state").refine(isKnownState, "Please select a state"),
    phone: optionalPhone,
    // Checked against the state or country chosen (core/postcodes.ts), below.
    zipCode: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
      text({ error: "Zip code must be text" }).max(LIMITS.postcodeMax, `Zip code must be ${LIMITS.postcodeMax} characters or less`).optional(),
    ),
    interestLevel: z.preprocess(
      emptyToUndefined,
      z.enum(INTEREST_LEVELS, { error: "Please select your interest level" }),
    ),
    interestLevelOther: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
      text({ error: "Please specify your interest level" })
        .max(LIMITS.interestOtherMax, "Response must be 200 characters or less")
        .optional(),
    ),
    formSource: z.enum(FORM_SOURCE_VALUES, { error: "Invalid form source" }),
    marketing_consent: z.preprocess((v) => (v === undefined || v === null ? false : v), z.boolean({ error: "Marketing consent must be true or false" })),
    /** Honeypot: people never see or fill it; a filled one is accepted and silently dropped. */
    website: honeypot,
    ...attributionFields,
    // Answers whose rule the field catalogue declares (core/fields.ts `rule`).
    ...declaredRules(APPLICATION_FIELDS),
  })
  .refine((value) => postcodeOf(value) === undefined, {
    path: ["zipCode"],
    error: (issue) => postcodeOf(issue.input) ?? "Zip code is invalid",
    // Checked even while other fields are invalid, so a failed submit shows every message at once.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "zipCode"),
  })
  .refine((value) => value.interestLevel !== INTEREST_OTHER || Boolean(value.interestLevelOther), {
    path: ["interestLevelOther"],
    message: "Please specify your interest level",
    // Checked even while other fields are invalid, so a failed submit shows every message at once.
    when: (payload) => {
      const input = payload.value as { interestLevel?: unknown; interestLevelOther?: unknown } | undefined;
      return input?.interestLevel === INTEREST_OTHER && !payload.issues.some((i) => i.path?.[0] === "interestLevelOther");
    },
  })
  .transform((value) => ({
    ...value,
    // The free-text answer only belongs with "Other"; any other level clears it.
    interestLevelOther: value.interestLevel === INTEREST_OTHER ? value.interestLevelOther : undefined,
  }));

/** The postcode's problem for the state or country of a (possibly partly invalid) application, if any. */
function postcodeOf(value: unknown): string | undefined {
  const { state, zipCode } = (value ?? {}) as { state?: unknown; zipCode?: unknown };
  return postcodeProblem(typeof state === "string" ? state : undefined, typeof zipCode === "string" ? zipCode : undefined);
}

export type ApplicationInput = z.input<typeof applicationSchema>;
export type ApplicationData = z.output<typeof applicationSchema>;

export const contactSchema = z.object({
  firstName: requiredText("First name is required").pipe(
    text().max(LIMITS.nameMax, `First name must be ${LIMITS.nameMax} characters or less`)
        .refine(nameWithoutControls, NAME_CONTROL_MESSAGE),
  ),
  lastName: requiredText("Last name is required").pipe(
    text().max(LIMITS.nameMax, `Last name must be ${LIMITS.nameMax} characters or less`)
        .refine(nameWithoutControls, NAME_CONTROL_MESSAGE),
  ),
  email: email(),
  phone: optionalPhone,
  reason: z.preprocess(
    emptyToUndefined,
    z.enum(CONTACT_REASON_VALUES, { error: "Please select a reason for contacting us" }),
  ),
  subject: requiredText("Subject is required").pipe(
    text().max(LIMITS.subjectMax, `Subject must be ${LIMITS.subjectMax} characters or less`),
  ),
  message: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    text({ error: "Message must be at least 10 characters long" })
      .min(LIMITS.messageMin, "Message must be at least 10 characters long")
      .max(LIMITS.messageMax, `Message must be ${LIMITS.messageMax} characters or less`),
  ),
  website: honeypot,
  ...declaredRules(CONTACT_FIELDS),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactData = z.output<typeof contactSchema>;

export const loginSchema = z.object({
  username: text({ error: "Username is required" }).trim().min(1, "Username is required").max(200, "Username is too long"),
  password: text({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.passwordMax, `Password must be ${LIMITS.passwordMax} characters or less`),
});
export type LoginInput = z.input<typeof loginSchema>;

export const passwordRule = text({ error: "Password must be at least 8 characters" })
  .min(LIMITS.passwordMin, "Password must be at least 8 characters")
  .max(LIMITS.passwordMax, `Password must be ${LIMITS.passwordMax} characters or less`)
  .regex(
    /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  );

export const usernameRule = text({ error: "Username must be at least 3 characters" })
  .trim()
  .min(LIMITS.usernameMin, "Username must be at least 3 characters")
  .max(LIMITS.usernameMax, "Username must be less than 50 characters")
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

/** The address a fresh link to her own page is asked for (ADR 0098): the form's email rule. */
export const applicantLinkSchema = z.object({ email: email() });

/** Her contact details as she changes them on her page (ADR 0099): the form's own email and phone rules. */
export const applicantContactSchema = z.object({ email: email(), phone: optionalPhone });
export type ApplicantContact = z.infer<typeof applicantContactSchema>;

/** Her email choices on her page: reminders about her next step, and news (the marketing consent). */
export const applicantPreferencesSchema = z.object({ reminders: z.boolean(), news: z.boolean() });
export type ApplicantPreferences = z.infer<typeof applicantPreferencesSchema>;

/**
 * A staff member's work address for the alerts about her applications (ADR 0091's companion: staff hear every answer
 * on the records they own); empty for none.
 */
export const staffEmailRule = z.preprocess(
  (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : v === null ? undefined : v),
  text({ error: "Please enter a valid email address" })
    .max(LIMITS.emailMax, `Email must be ${LIMITS.emailMax} characters or less`)
    .pipe(z.email("Please enter a valid email address"))
    .optional(),
);

export const newUserSchema = z.object({
  username: usernameRule,
  password: passwordRule,
  email: staffEmailRule,
  role: z.preprocess((v) => (v === undefined || v === null || v === "" ? "user" : v), z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}` })),
});
export type NewUserInput = z.input<typeof newUserSchema>;

export const passwordResetSchema = z.object({
  userId: text({ error: "User id is required" }).min(1, "User id is required"),
  newPassword: passwordRule,
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Body of PUT /api/users/{id}/password (the id travels in the path). */
export const newPasswordBodySchema = passwordResetSchema.pick({ newPassword: true });

/** Field → messages map, the `errors` object of a 400 response and of the forms. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
