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
import { type Message, type Translator, translator } from "./i18n/catalogue";
import { EN, type MessageKey } from "./i18n/en";
import { type Language, LANGUAGES } from "./i18n/languages";
import { hasNoNameControls } from "./person-name";
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

type FormTranslator = Translator<MessageKey>;
const ENGLISH: FormTranslator = translator("en", EN);

/** Text that cannot be stored has its own one message (core/storable.ts): the name rule stays silent on it. */
const nameWithoutControls = (value: string) => !isStorableText(value) || hasNoNameControls(value);

const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A required text field: missing, blank or not text all read as the field's "required" message. */
function requiredText(required: string, unstorable?: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    text({ error: required }, unstorable).min(1, required),
  );
}

function email(tr: FormTranslator = ENGLISH) {
  const { t } = tr;
  const unstorable = t("form.text.unstorable");
  return requiredText(t("form.email.required"), unstorable).pipe(
    text(undefined, unstorable)
      .max(LIMITS.emailMax, t("form.email.max", { max: LIMITS.emailMax }))
      .pipe(z.email(t("form.email.invalid"))),
  );
}

function optionalPhone(tr: FormTranslator = ENGLISH) {
  const { t } = tr;
  return z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
    text({ error: t("form.phone.invalid") }, t("form.text.unstorable"))
      .max(LIMITS.phoneMax, t("form.phone.max", { max: LIMITS.phoneMax }))
      .optional(),
  );
}

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

/**
 * The language she writes in (ADR 0110): "en" or "es", optional (absent or null: the request's Accept-Language
 * decides, server/http/language.ts).
 */
function preferredLanguage({ t }: FormTranslator) {
  return z
    .preprocess((v) => (v === null ? undefined : v), z.enum(LANGUAGES, { error: t("form.preferredLanguage.invalid") }).optional())
    .describe(
      "The language she writes in: en (English) or es (Spanish). Absent: the request's Accept-Language decides (any Spanish tag gives es, else en). The answer's messages, a 400's included, are in it.",
    );
}

/** A person's first or last name: required, at least `min` characters when given, no hidden controls. */
function personName({ t }: FormTranslator, field: "firstName" | "lastName", min?: number) {
  const unstorable = t("form.text.unstorable");
  let rule = text(undefined, unstorable);
  if (min !== undefined) rule = rule.min(min, t(`form.${field}.min`, { min }));
  return requiredText(t(`form.${field}.required`), unstorable).pipe(
    rule.max(LIMITS.nameMax, t(`form.${field}.max`, { max: LIMITS.nameMax })).refine(nameWithoutControls, t("form.name.controls")),
  );
}

/**
 * The public forms' schemas with their messages in one language (core/i18n): English for the pages and the
 * exports below, the request's language for the server's answer to a submission (server/http/language.ts).
 */
function buildSubmissionSchemas(tr: FormTranslator) {
  const { t } = tr;
  const unstorable = t("form.text.unstorable");

  const application = z
    .object({
      firstName: personName(tr, "firstName", 2),
      lastName: personName(tr, "lastName", 2),
      email: email(tr),
      age: z.preprocess(
        (v) => {
          if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return undefined;
          if (typeof v === "string") {
            const trimmed = v.trim();
            if (trimmed === "") return undefined;
            return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : v;
          }
          return v;
        },
        z
          .number({ error: (issue) => (issue.input === undefined ? t("form.age.required") : t("form.age.number")) })
          .int(t("form.age.whole"))
          .min(LIMITS.minAge, t("form.age.min", { min: LIMITS.minAge }))
          .max(LIMITS.maxAge, t("form.age.invalid")),
      ),
      state: requiredText(t("form.state.required"), unstorable).refine(isKnownState, t("form.state.required")),
      phone: optionalPhone(tr),
      // Checked against the state or country chosen (core/postcodes.ts), below.
      zipCode: z.preprocess(
        (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
        text({ error: t("form.zipCode.text") }, unstorable)
          .max(LIMITS.postcodeMax, t("form.zipCode.max", { max: LIMITS.postcodeMax }))
          .optional(),
      ),
      interestLevel: z.preprocess(
        emptyToUndefined,
        z.enum(INTEREST_LEVELS, { error: t("form.interestLevel.required") }),
      ),
      interestLevelOther: z.preprocess(
        (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : emptyToUndefined(v)),
        text({ error: t("form.interestLevelOther.required") }, unstorable)
          .max(LIMITS.interestOtherMax, t("form.interestLevelOther.max", { max: LIMITS.interestOtherMax }))
          .optional(),
      ),
      formSource: z.enum(FORM_SOURCE_VALUES, { error: t("form.formSource.invalid") }),
      marketing_consent: z.preprocess(
        (v) => (v === undefined || v === null ? false : v),
        z.boolean({ error: t("form.marketingConsent.invalid") }),
      ),
      preferred_language: preferredLanguage(tr),
      /** Honeypot: people never see or fill it; a filled one is accepted and silently dropped. */
      website: honeypot,
      ...attributionFields,
      // Answers whose rule the field catalogue declares (core/fields.ts `rule`).
      ...declaredRules(APPLICATION_FIELDS),
    })
    .refine((value) => postcodeOf(value) === undefined, {
      path: ["zipCode"],
      error: (issue) => postcodeOf(issue.input, tr) ?? t("form.zipCode.invalid"),
      // Checked even while other fields are invalid, so a failed submit shows every message at once.
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === "zipCode"),
    })
    .refine((value) => value.interestLevel !== INTEREST_OTHER || Boolean(value.interestLevelOther), {
      path: ["interestLevelOther"],
      message: t("form.interestLevelOther.required"),
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

  const contact = z.object({
    firstName: personName(tr, "firstName"),
    lastName: personName(tr, "lastName"),
    email: email(tr),
    phone: optionalPhone(tr),
    reason: z.preprocess(
      emptyToUndefined,
      z.enum(CONTACT_REASON_VALUES, { error: t("form.reason.required") }),
    ),
    subject: requiredText(t("form.subject.required"), unstorable).pipe(
      text(undefined, unstorable).max(LIMITS.subjectMax, t("form.subject.max", { max: LIMITS.subjectMax })),
    ),
    message: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      text({ error: t("form.message.min", { min: LIMITS.messageMin }) }, unstorable)
        .min(LIMITS.messageMin, t("form.message.min", { min: LIMITS.messageMin }))
        .max(LIMITS.messageMax, t("form.message.max", { max: LIMITS.messageMax })),
    ),
    preferred_language: preferredLanguage(tr),
    website: honeypot,
    ...declaredRules(CONTACT_FIELDS),
  });

  /** Her contact details as she changes them on her page (ADR 0099): the form's own email and phone rules, in her language. */
  const applicantContact = z.object({ email: email(tr), phone: optionalPhone(tr) });
  /** Her address, asking for a fresh link to her page (ADR 0098). */
  const applicantLink = z.object({ email: email(tr) });

  return { application, contact, applicantContact, applicantLink };
}

/** The public forms' schemas in one language. */
export type SubmissionSchemas = ReturnType<typeof buildSubmissionSchemas>;

const ENGLISH_SCHEMAS = buildSubmissionSchemas(ENGLISH);

/** The schemas of a language, built once on first use, from that language's catalogue (which its caller loads). */
const schemasByLanguage = new Map<Language, SubmissionSchemas>([["en", ENGLISH_SCHEMAS]]);
export function submissionSchemasIn(language: Language, catalogue: Readonly<Record<MessageKey, Message>>): SubmissionSchemas {
  let schemas = schemasByLanguage.get(language);
  if (!schemas) {
    schemas = buildSubmissionSchemas(translator(language, catalogue));
    schemasByLanguage.set(language, schemas);
  }
  return schemas;
}

export const applicationSchema = ENGLISH_SCHEMAS.application;

/** The postcode's problem for the state or country of a (possibly partly invalid) application, if any. */
function postcodeOf(value: unknown, tr: FormTranslator = ENGLISH): string | undefined {
  const { state, zipCode } = (value ?? {}) as { state?: unknown; zipCode?: unknown };
  return postcodeProblem(typeof state === "string" ? state : undefined, typeof zipCode === "string" ? zipCode : undefined, tr);
}

export type ApplicationInput = z.input<typeof applicationSchema>;
export type ApplicationData = z.output<typeof applicationSchema>;

export const contactSchema = ENGLISH_SCHEMAS.contact;

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
export const applicantLinkSchema = ENGLISH_SCHEMAS.applicantLink;

/** Her contact details as she changes them on her page (ADR 0099), in English; `submissionSchemasIn` gives her language's. */
export const applicantContactSchema = ENGLISH_SCHEMAS.applicantContact;
export type ApplicantContact = z.infer<typeof applicantContactSchema>;

/** The language she chooses on her page (ADR 0112). */
export const applicantLanguageSchema = z.object({ language: z.enum(LANGUAGES) });

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
