/**
 * The pilot application form, used on every page that takes applications (docs/requirements.md §2, "Signup form").
 * Validation is the server's own schema (#core/validation), so every message is the text of docs/requirements.md §5.
 */
import * as React from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { COUNTRIES, COUNTRIES_WITHOUT_REQUIRED_POSTCODE, COUNTRY_CODES, INTEREST_LEVELS, INTEREST_OTHER, type PageContext, US_STATES } from "#core/options";
import { APPLICATION_FIELDS, catalogueDrawnFields, formLabel, shownFormFields } from "#core/fields";
import { LIMITS } from "#core/limits";
import { ApiError } from "~/lib/api-client";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { cn } from "../ui/cn";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import type { ToastNotice } from "../ui/toast.widget";
import { trackApplicationStarted } from "~/tracking/tracker";
import { lazyResolver, preloadValidation } from "../forms/lazy-resolver";
import { useChoicesMadeBeforeLive } from "../forms/choices-before-live";
import { CatalogueFields } from "../forms/catalogue-fields";
import { buildApplicationPayload, emptySignupValues, type SignupFormValues, submitApplication } from "./payload";
import { type FormWords, useFormWords } from "~/lib/form-words";
import { FORM_UI_EN, type FormUiKey } from "#core/i18n/form-ui-en";
import { Rich } from "~/lib/page-words";
import { RequiredMark } from "../forms/required-mark";

export type SignupFormVariant = "hero" | "call-to-action";

export const NON_US_VALUE = "__non_us__";

/** Field order on screen (the catalogue's shown form fields): used for the error summary and for moving focus to the first error. */
const FIELD_ORDER = shownFormFields(APPLICATION_FIELDS);
type FieldName = (typeof FIELD_ORDER)[number];

/** A field's name in the error summary: its label, in the form's language. */
const fieldLabel = (name: FieldName, t: FormWords["t"]): string => {
  const key = `formUi.signup.${name}`;
  return Object.hasOwn(FORM_UI_EN, key) ? t(key as FormUiKey) : formLabel(APPLICATION_FIELDS[name]);
};

/** Each interest level (the stored value) and its words on screen. */
const INTEREST_WORDS: Readonly<Record<(typeof INTEREST_LEVELS)[number], FormUiKey>> = {
  "Just curious": "formUi.signup.interest.curious",
  "Actively researching": "formUi.signup.interest.researching",
  "Ready to freeze in the next 6 months": "formUi.signup.interest.ready",
  Other: "formUi.signup.interest.other",
};

/** Plain answers the catalogue alone draws (a declared rule), after the hand-made controls above them. */
const DRAWN_FIELDS = catalogueDrawnFields(APPLICATION_FIELDS);

/** The shared schema, loaded with the validator chunk when the form is first focused or submitted. */
const englishResolver = lazyResolver<SignupFormValues>((r) => r.signupResolver);

function startApplication() {
  trackApplicationStarted();
  void preloadValidation();
}

export interface SignupFormProps {
  variant?: SignupFormVariant;
  pageContext?: PageContext;
  className?: string;
  /**
   * Fixed element ids (`<idPrefix>-<field>`) instead of React's generated ones: a form island is
   * hydrated on its own, and generated ids depend on the whole page's tree.
   */
  idPrefix?: string;
  /**
   * The pilot takes no new places now (not open yet, closed or full; ADR 0091): the form says it is the waitlist's.
   * The server stores the same application; staff see from its time and the pilot's status that it waits.
   */
  waitlist?: boolean;
}

/** What happens around the form: where a success goes and how a failure is told (./outcomes). */
export interface SignupOutcomes {
  /** The server accepted the application: go to Thank-you (`thankYou`, in the form's language) with the success notice. */
  accepted: (notice: ToastNotice, thankYou: string) => Promise<void>;
  /** The application was not accepted: an error toast. */
  failed: (notice: ToastNotice) => void;
  /** Whether the success's conversions are sent here or carried to the next document (./payload). */
  conversions: "here" | "next-page";
}

export function SignupForm({
  variant = "hero",
  pageContext = "landing",
  className,
  idPrefix,
  waitlist = false,
  outcomes,
}: SignupFormProps & { outcomes: SignupOutcomes }) {
  const uid = React.useId();
  const words = useFormWords();
  const { t } = words;
  // A form in another language checks with the same rules in its words (the validator chunk builds them once).
  const resolver = React.useMemo(
    () => (words.rules ? lazyResolver<SignupFormValues>((r) => r.resolversIn(words.language, words.rules!).signup) : englishResolver),
    [words],
  );
  const id = (name: string) => `${idPrefix ?? uid}-${name}`;
  const [nonUS, setNonUS] = React.useState(false);

  const form = useForm<SignupFormValues>({
    resolver,
    defaultValues: emptySignupValues(pageContext),
    mode: "onSubmit",
    reValidateMode: "onChange",
    // Focus is moved by onInvalid, in the order the fields appear on screen.
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    trigger,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  const formRef = React.useRef<HTMLFormElement>(null);
  // The focus that made this form live came before React did: count it as the start of an application.
  React.useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) startApplication();
  }, []);

  // What the visitor typed or chose before the form was live stays in the fields (ADR 0050); what the
  // selects drive on screen (the country list, the "Please specify" field) follows once live.
  useChoicesMadeBeforeLive(formRef);

  const interestLevel = useWatch({ control, name: "interestLevel" });
  const chosenState = useWatch({ control, name: "state" });
  const otherText = useWatch({ control, name: "interestLevelOther" });
  const showOther = interestLevel === INTEREST_OTHER;

  const onValid = async (values: SignupFormValues) => {
    try {
      await submitApplication(buildApplicationPayload(values, pageContext, words.language), { conversions: outcomes.conversions });
    } catch (error) {
      const serverErrors = error instanceof ApiError && error.status === 400 ? error.fieldErrors : {};
      const first = FIELD_ORDER.find((name) => serverErrors[name]?.length);
      for (const name of FIELD_ORDER) {
        const message = serverErrors[name]?.[0];
        if (message) setError(name, { type: "server", message });
      }
      if (first) setFocus(first);
      outcomes.failed({
        title: t("formUi.signup.failureTitle"),
        description: (error instanceof ApiError && error.serverMessage) || t("formUi.signup.failureFallback"),
      });
      return;
    }
    await outcomes.accepted({ title: t("formUi.signup.successTitle"), description: t("formUi.signup.successDescription") }, words.href("/thank-you"));
    // Sent and gone: a page brought back from the back-forward cache must not offer the same answers again.
    setNonUS(false);
    reset(emptySignupValues(pageContext));
  };

  const onInvalid = (invalid: FieldErrors<SignupFormValues>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
    // A failed submit re-checks every field, so each message reflects the whole form's current state.
    void trigger();
  };

  const errorList = FIELD_ORDER.filter((name) => errors[name]?.message);
  const summaryId = id("error-summary");
  const headingId = id("heading");
  const otherCounterId = id("interestLevelOther-count");
  const err = (name: FieldName) => errors[name]?.message;

  const stateRegistration = register("state");
  const interestRegistration = register("interestLevel", {
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      if (event.target.value !== INTEREST_OTHER) {
        setValue("interestLevelOther", "", { shouldValidate: false });
        form.clearErrors("interestLevelOther");
      }
    },
  });

  const switchToNonUS = (value: boolean) => {
    setNonUS(value);
    setValue("state", "", { shouldValidate: isSubmitted });
  };

  const isHero = variant === "hero";
  // The stored value is the list's English name; another language shows each country in its own words.
  const regions = words.language === "en" ? null : new Intl.DisplayNames([words.locale], { type: "region" });
  const countryName = (country: (typeof COUNTRIES)[number]) => regions?.of(COUNTRY_CODES[country]) ?? country;
  // In the order of the names shown.
  const countries = () => (regions ? COUNTRIES.toSorted((a, b) => countryName(a).localeCompare(countryName(b), words.locale)) : COUNTRIES);

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocusCapture={startApplication}
      className={cn(
        "rounded-3xl border border-line bg-surface p-5 shadow-[0_20px_50px_-24px_rgba(110,43,72,0.35)] sm:p-8",
        className,
      )}
      data-variant={variant}
    >
      <div className="mb-6">
        <h2 id={headingId} className={cn("font-display font-semibold text-ink", isHero ? "text-2xl" : "text-3xl")}>
          {t(waitlist ? "formUi.signup.title.waitlist" : isHero ? "formUi.signup.title.hero" : "formUi.signup.title.apply")}
        </h2>
        <p className="mt-1.5 text-sm text-ink-muted">
          {waitlist ? t("formUi.signup.waitlistLead") : null}
          <Rich text={t("formUi.signup.required")} parts={{ mark: <RequiredMark words={words} /> }} />
        </p>
      </div>

      {errorList.length > 0 ? (
        <div
          id={summaryId}
          role="alert"
          className="mb-6 rounded-2xl border border-danger/40 bg-danger-soft p-4 text-sm text-danger"
        >
          <p className="font-semibold">
            {t("formUi.signup.summary", { n: errorList.length })}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errorList.map((name) => (
              <li key={name}>
                <a
                  href={`#${id(name)}`}
                  className="underline underline-offset-2"
                  onClick={(event) => {
                    event.preventDefault();
                    setFocus(name);
                  }}
                >
                  {nonUS && name === "state" ? t("formUi.signup.country") : nonUS && name === "zipCode" ? t("formUi.signup.postcode") : fieldLabel(name, t)}: {errors[name]?.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("firstName")} label={t("formUi.signup.firstName")} required error={err("firstName")}>
          {(a11y) => <Input {...a11y} autoComplete="given-name" {...register("firstName")} />}
        </Field>
        <Field id={id("lastName")} label={t("formUi.signup.lastName")} required error={err("lastName")}>
          {(a11y) => <Input {...a11y} autoComplete="family-name" {...register("lastName")} />}
        </Field>
        <Field id={id("email")} label={t("formUi.signup.email")} required error={err("email")} className="sm:col-span-2">
          {(a11y) => <Input {...a11y} type="email" autoComplete="email" inputMode="email" {...register("email")} />}
        </Field>
        <Field id={id("age")} label={t("formUi.signup.age")} required error={err("age")}>
          {(a11y) => <Input {...a11y} type="number" inputMode="numeric" min={LIMITS.minAge} step={1} {...register("age")} />}
        </Field>
        <Field
          id={id("state")}
          label={t(nonUS ? "formUi.signup.country" : "formUi.signup.state")}
          required
          error={err("state")}
          labelAside={
            nonUS ? (
              <button
                type="button"
                className="rounded-md text-sm font-semibold text-brand underline underline-offset-2 hover:text-brand-strong"
                onClick={() => switchToNonUS(false)}
              >
                {t("formUi.signup.backToStates")}
              </button>
            ) : null
          }
        >
          {(a11y) => (
            <Select
              {...a11y}
              autoComplete={nonUS ? "country-name" : "address-level1"}
              {...stateRegistration}
              onChange={(event) => {
                if (!nonUS && event.target.value === NON_US_VALUE) {
                  switchToNonUS(true);
                  return;
                }
                void stateRegistration.onChange(event);
              }}
            >
              <option value="">{t(nonUS ? "formUi.signup.selectCountry" : "formUi.signup.selectState")}</option>
              {nonUS
                ? countries().map((country) => (
                    <option key={country} value={country}>
                      {countryName(country)}
                    </option>
                  ))
                : US_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
              {nonUS ? null : <option value={NON_US_VALUE}>{t("formUi.signup.nonUs")}</option>}
            </Select>
          )}
        </Field>
        <Field id={id("phone")} label={t("formUi.signup.phoneOptional")} error={err("phone")}>
          {(a11y) => <Input {...a11y} type="tel" autoComplete="tel" inputMode="tel" {...register("phone")} />}
        </Field>
        <Field
          id={id("zipCode")}
          label={t(nonUS ? "formUi.signup.postcode" : "formUi.signup.zipCode")}
          required={!(nonUS && COUNTRIES_WITHOUT_REQUIRED_POSTCODE.includes(chosenState))}
          error={err("zipCode")}
        >
          {(a11y) => (
            <Input
              {...a11y}
              inputMode={nonUS ? "text" : "numeric"}
              autoComplete="postal-code"
              maxLength={LIMITS.postcodeMax}
              {...register("zipCode")}
            />
          )}
        </Field>
        <Field id={id("interestLevel")} label={t("formUi.signup.interestLevel")} required error={err("interestLevel")} className="sm:col-span-2">
          {(a11y) => (
            <Select {...a11y} {...interestRegistration}>
              <option value="">{t("formUi.signup.selectInterest")}</option>
              {INTEREST_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(INTEREST_WORDS[level])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {showOther ? (
          <Field
            id={id("interestLevelOther")}
            label={t("formUi.signup.interestLevelOther")}
            required
            error={err("interestLevelOther")}
            className="sm:col-span-2"
            labelAside={
              <span
                id={otherCounterId}
                className={cn(
                  "text-sm tabular-nums",
                  otherText.length > LIMITS.interestOtherMax ? "font-semibold text-danger" : "text-ink-muted",
                )}
              >
                <span className="sr-only">{t("formUi.signup.charactersUsed")}</span>
                {otherText.length}/{LIMITS.interestOtherMax}
              </span>
            }
          >
            {(a11y) => (
              <Input
                {...a11y}
                aria-describedby={[otherCounterId, a11y["aria-describedby"]].filter(Boolean).join(" ")}
                {...register("interestLevelOther", { deps: ["interestLevel"] })}
              />
            )}
          </Field>
        ) : null}
        <CatalogueFields catalogue={APPLICATION_FIELDS} names={DRAWN_FIELDS} id={id} register={register} errors={errors} />
      </div>

      <Checkbox
        id={id("marketing_consent")}
        wrapperClassName="mt-6"
        label={t("formUi.signup.consent")}
        {...register("marketing_consent")}
      />

      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id("website")}>{t("formUi.honeypot")}</label>
        <input id={id("website")} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>

      <Button type="submit" size="lg" className="mt-6 w-full" disabled={isSubmitting}>
        {t(isSubmitting ? "formUi.signup.submitting" : waitlist ? "formUi.signup.submit.waitlist" : isHero ? "formUi.signup.submit.hero" : "formUi.signup.submit.apply")}
      </Button>
      <p className="mt-4 text-center text-xs leading-relaxed text-ink-muted">
        <Rich
          text={t("formUi.signup.terms")}
          parts={{
            terms: (
              <a href={words.href("/terms-of-service")} className="font-semibold text-brand underline underline-offset-2">
                {t("formUi.signup.termsLink")}
              </a>
            ),
          }}
        />
      </p>
    </form>
  );
}

