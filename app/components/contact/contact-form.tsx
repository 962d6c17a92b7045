/** The contact form (docs/requirements.md §2, §4, §5): shared schema, required asterisks, sending / success / error states. */
import * as React from "react";
import { useForm } from "react-hook-form";
import { brand } from "#core/brand";
import { catalogueDrawnFields, CONTACT_FIELDS, type FormValuesOf, shownFormFields } from "#core/fields";
import { CONTACT_REASONS } from "#core/options";
import { ApiError, submitForm } from "~/lib/api-client";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { lazyResolver, preloadValidation } from "../forms/lazy-resolver";
import { answersBody, emptyAnswers } from "../forms/answers-body";
import { CatalogueFields } from "../forms/catalogue-fields";
import type { ContactFormValues } from "./values";
import { type FormUiKey } from "#core/i18n/form-ui-en";
import { useFormWords } from "~/lib/form-words";
import { Rich } from "~/lib/page-words";
import { RequiredMark } from "../forms/required-mark";

export type { ContactFormValues };

/** Field order on screen: the catalogue's shown form fields. */
const FIELD_ORDER = shownFormFields(CONTACT_FIELDS);
/** Plain answers the catalogue alone draws (a declared rule), after the hand-made controls. */
const DRAWN_FIELDS = catalogueDrawnFields(CONTACT_FIELDS);

const EMPTY: ContactFormValues = { ...(emptyAnswers(CONTACT_FIELDS, FIELD_ORDER) as FormValuesOf<typeof CONTACT_FIELDS>), website: "" };

/** The brand's answer time in the form's words ("24 hours", "24 horas"); a time not in hours as the brand says it. */
function responseTime(t: (key: "formUi.hours", params: { n: number }) => string): string {
  const hours = /^(\d+) hours?$/.exec(brand.contact.responseTime);
  return hours ? t("formUi.hours", { n: Number(hours[1]) }) : brand.contact.responseTime;
}

/** The shared schema, loaded with the validator chunk when the form is first focused or submitted. */
const englishResolver = lazyResolver<ContactFormValues>((r) => r.contactResolver);

/** The fields' element ids are fixed, not `useId`: the form is hydrated on its own (a form island,
 * app/page-scripts/islands) and React's generated ids depend on the whole page's tree. */
const id = (name: string) => `contact-${name}`;

type Notice = { kind: "success" | "error"; title: string; description: string } | null;

export function ContactForm() {
  const [notice, setNotice] = React.useState<Notice>(null);
  const words = useFormWords();
  const { t } = words;
  const resolver = React.useMemo(
    () => (words.rules ? lazyResolver<ContactFormValues>((r) => r.resolversIn(words.language, words.rules!).contact) : englishResolver),
    [words],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver, defaultValues: EMPTY, mode: "onSubmit", reValidateMode: "onChange" });
  const formRef = React.useRef<HTMLFormElement>(null);
  // The focus that made this form live came before React did: start loading the validator.
  React.useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) void preloadValidation();
  }, []);

  const onValid = async (values: ContactFormValues) => {
    setNotice(null);
    try {
      await submitForm<{ id: string }>("/api/contact", {
        body: {
          ...answersBody(CONTACT_FIELDS, FIELD_ORDER, values),
          // The language of the page she writes from, not her browser's (ADR 0110, 0113).
          preferred_language: words.language,
          ...(values.website ? { website: values.website } : {}),
        },
      });
      reset(EMPTY);
      setNotice({ kind: "success", title: t("formUi.contact.successTitle"), description: t("formUi.contact.successDescription", { responseTime: responseTime(t) }) });
    } catch (error) {
      const serverErrors = error instanceof ApiError && error.status === 400 ? error.fieldErrors : {};
      for (const name of FIELD_ORDER) {
        const message = serverErrors[name]?.[0];
        if (message) setError(name, { type: "server", message });
      }
      const first = FIELD_ORDER.find((name) => serverErrors[name]?.length);
      if (first) setFocus(first);
      setNotice({
        kind: "error",
        title: t("formUi.contact.errorTitle"),
        description: (error instanceof ApiError && error.serverMessage) || t("formUi.contact.errorFallback"),
      });
    }
  };

  const err = (name: keyof ContactFormValues) => errors[name]?.message;

  return (
    <form ref={formRef} noValidate aria-labelledby={id("heading")} onSubmit={handleSubmit(onValid)} onFocusCapture={() => void preloadValidation()} className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-8">
      <h2 id={id("heading")} className="font-display text-2xl font-semibold text-ink">
        {t("formUi.contact.heading")}
      </h2>
      <p className="mt-1.5 text-sm text-ink-muted">
        <Rich text={t("formUi.contact.required")} parts={{ mark: <RequiredMark words={words} /> }} />
      </p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <Field id={id("firstName")} label={t("formUi.contact.firstName")} required error={err("firstName")}>
          {(a11y) => <Input {...a11y} autoComplete="given-name" {...register("firstName")} />}
        </Field>
        <Field id={id("lastName")} label={t("formUi.contact.lastName")} required error={err("lastName")}>
          {(a11y) => <Input {...a11y} autoComplete="family-name" {...register("lastName")} />}
        </Field>
        <Field id={id("email")} label={t("formUi.contact.email")} required error={err("email")}>
          {(a11y) => <Input {...a11y} type="email" inputMode="email" autoComplete="email" {...register("email")} />}
        </Field>
        <Field id={id("phone")} label={t("formUi.contact.phone")} error={err("phone")}>
          {(a11y) => <Input {...a11y} type="tel" inputMode="tel" autoComplete="tel" {...register("phone")} />}
        </Field>
        <Field id={id("reason")} label={t("formUi.contact.reason")} required error={err("reason")} className="sm:col-span-2">
          {(a11y) => (
            <Select {...a11y} {...register("reason")}>
              <option value="">{t("formUi.contact.selectReason")}</option>
              {CONTACT_REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {t(`formUi.contact.reason.${r.value}` satisfies FormUiKey)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={id("subject")} label={t("formUi.contact.subject")} required error={err("subject")} className="sm:col-span-2">
          {(a11y) => <Input {...a11y} {...register("subject")} />}
        </Field>
        <Field id={id("message")} label={t("formUi.contact.message")} required error={err("message")} className="sm:col-span-2">
          {(a11y) => <Textarea {...a11y} rows={6} {...register("message")} />}
        </Field>
        <CatalogueFields catalogue={CONTACT_FIELDS} names={DRAWN_FIELDS} id={id} register={register} errors={errors} />
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id("website")}>{t("formUi.honeypot")}</label>
        <input id={id("website")} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      <div role={notice?.kind === "error" ? "alert" : "status"} className="mt-6 empty:hidden">
        {notice ? (
          <div
            className={cn(
              "rounded-2xl border p-4 text-sm",
              notice.kind === "success" ? "border-success/40 bg-success-soft text-success" : "border-danger/40 bg-danger-soft text-danger",
            )}
          >
            <p className="font-semibold">{notice.title}</p>
            <p className="mt-1">{notice.description}</p>
          </div>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={isSubmitting}>
        {t(isSubmitting ? "formUi.contact.sending" : "formUi.contact.send")}
      </Button>
    </form>
  );
}
