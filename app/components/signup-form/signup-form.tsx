/**
 * The pilot application form, used on every page that takes applications (docs/requirements.md §2, "Signup form").
 * Validation is the server's own schema (#core/validation), so every message is the text of docs/requirements.md §5.
 */
import * as React from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { COUNTRIES, COUNTRIES_WITHOUT_REQUIRED_POSTCODE, INTEREST_LEVELS, INTEREST_OTHER, type PageContext, US_STATES } from "#core/options";
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

export type SignupFormVariant = "hero" | "call-to-action";

export const NON_US_VALUE = "__non_us__";

export const SIGNUP_MESSAGES = {
  successTitle: "Application Submitted!",
  successDescription: "Thank you for your interest in the pilot program.",
  failureTitle: "Submission Failed",
  failureFallback: "Something went wrong. Please try again.",
} as const;

/** Field order on screen (the catalogue's shown form fields): used for the error summary and for moving focus to the first error. */
const FIELD_ORDER = shownFormFields(APPLICATION_FIELDS);
type FieldName = (typeof FIELD_ORDER)[number];

const fieldLabel = (name: FieldName): string => formLabel(APPLICATION_FIELDS[name]);

/** Plain answers the catalogue alone draws (a declared rule), after the hand-made controls above them. */
const DRAWN_FIELDS = catalogueDrawnFields(APPLICATION_FIELDS);

/** The shared schema, loaded with the validator chunk when the form is first focused or submitted. */
const resolver = lazyResolver<SignupFormValues>((r) => r.signupResolver);

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
  /** The server accepted the application: go to Thank-you with the success notice. */
  accepted: (notice: ToastNotice) => Promise<void>;
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
      await submitApplication(buildApplicationPayload(values, pageContext), { conversions: outcomes.conversions });
    } catch (error) {
      const serverErrors = error instanceof ApiError && error.status === 400 ? error.fieldErrors : {};
      const first = FIELD_ORDER.find((name) => serverErrors[name]?.length);
      for (const name of FIELD_ORDER) {
        const message = serverErrors[name]?.[0];
        if (message) setError(name, { type: "server", message });
      }
      if (first) setFocus(first);
      outcomes.failed({
        title: SIGNUP_MESSAGES.failureTitle,
        description: (error instanceof ApiError && error.serverMessage) || SIGNUP_MESSAGES.failureFallback,
      });
      return;
    }
    await outcomes.accepted({ title: SIGNUP_MESSAGES.successTitle, description: SIGNUP_MESSAGES.successDescription });
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
          {waitlist ? "Join the priority waitlist" : isHero ? "Reserve your pilot spot" : "Apply for the pilot"}
        </h2>
        <p className="mt-1.5 text-sm text-ink-muted">
          {waitlist ? "The pilot is not taking new places now: you will hear first when one comes free. " : null}
          Takes about a minute. Fields marked <span aria-hidden="true" className="text-danger">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      </div>

      {errorList.length > 0 ? (
        <div
          id={summaryId}
          role="alert"
          className="mb-6 rounded-2xl border border-danger/40 bg-danger-soft p-4 text-sm text-danger"
        >
          <p className="font-semibold">
            Please fix {errorList.length === 1 ? "1 field" : `${errorList.length} fields`} before submitting:
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
                  {nonUS && name === "state" ? "Country" : nonUS && name === "zipCode" ? "Postcode" : fieldLabel(name)}: {errors[name]?.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("firstName")} label="First name" required error={err("firstName")}>
          {(a11y) => <Input {...a11y} autoComplete="given-name" {...register("firstName")} />}
        </Field>
        <Field id={id("lastName")} label="Last name" required error={err("lastName")}>
          {(a11y) => <Input {...a11y} autoComplete="family-name" {...register("lastName")} />}
        </Field>
        <Field id={id("email")} label="Email" required error={err("email")} className="sm:col-span-2">
          {(a11y) => <Input {...a11y} type="email" autoComplete="email" inputMode="email" {...register("email")} />}
        </Field>
        <Field id={id("age")} label="Age" required error={err("age")}>
          {(a11y) => <Input {...a11y} type="number" inputMode="numeric" min={LIMITS.minAge} step={1} {...register("age")} />}
        </Field>
        <Field
          id={id("state")}
          label={nonUS ? "Country" : "State"}
          required
          error={err("state")}
          labelAside={
            nonUS ? (
              <button
                type="button"
                className="rounded-md text-sm font-semibold text-brand underline underline-offset-2 hover:text-brand-strong"
                onClick={() => switchToNonUS(false)}
              >
                Back to US States
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
              <option value="">{nonUS ? "Select your country" : "Select your state"}</option>
              {nonUS
                ? COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))
                : US_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
              {nonUS ? null : <option value={NON_US_VALUE}>Non-US</option>}
            </Select>
          )}
        </Field>
        <Field id={id("phone")} label="Phone (optional)" error={err("phone")}>
          {(a11y) => <Input {...a11y} type="tel" autoComplete="tel" inputMode="tel" {...register("phone")} />}
        </Field>
        <Field
          id={id("zipCode")}
          label={nonUS ? "Postcode" : "Zip code"}
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
        <Field id={id("interestLevel")} label="Interest level" required error={err("interestLevel")} className="sm:col-span-2">
          {(a11y) => (
            <Select {...a11y} {...interestRegistration}>
              <option value="">Select your interest level</option>
              {INTEREST_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {showOther ? (
          <Field
            id={id("interestLevelOther")}
            label="Please specify"
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
                <span className="sr-only">Characters used: </span>
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
        label="Send me occasional updates about the pilot and egg freezing. You can unsubscribe at any time."
        {...register("marketing_consent")}
      />

      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id("website")}>Website</label>
        <input id={id("website")} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>

      <Button type="submit" size="lg" className="mt-6 w-full" disabled={isSubmitting}>
        {isSubmitting ? "Submitting..." : waitlist ? "Join the waitlist" : isHero ? "Apply for our Pilot" : "Submit Application"}
      </Button>
      <p className="mt-4 text-center text-xs leading-relaxed text-ink-muted">
        By submitting this form, you consent to our{" "}
        <a href="/terms-of-service" className="font-semibold text-brand underline underline-offset-2">
          Terms and Conditions
        </a>
        . We treat your answers as health information and never share them with advertisers.
      </p>
    </form>
  );
}
