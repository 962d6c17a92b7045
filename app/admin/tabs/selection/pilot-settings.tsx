/**
 * The pilot's live settings on the Selection board (ADR 0091): where the pilot stands (open, not open yet, closed,
 * full), its places, its enrollment window in the staff member's own time, and the assessment instructions. Every
 * staff role reads them; super admins change them, checked by the same schema the server applies, and the public
 * pages follow at once.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { type PilotSettings, pilotSettingsRequestSchema } from "#core/contracts/pilot";
import type { PilotStatus } from "#core/pipeline/pilot-status";
import { DEFAULT_CONSULT_REMINDER_DAYS, DEFAULT_KIT_REMINDER_DAYS } from "#core/pipeline/reminders";
import { runtimeTimeZone } from "#core/time";
import { ApiError } from "~/lib/api-client";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime, localInputValue } from "../../parts/format";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";
import { SettingsCard } from "./settings-card";

export const PILOT_KEY = ["admin-board", "pilot"];

const STATUS_WORDS: Record<PilotStatus, string> = {
  open: "Open: the site takes applications for a place",
  not_open: "Not open yet: the site's form joins the waitlist until the window opens",
  closed: "Closed: the window has ended, and the site's form joins the waitlist",
  full: "Full: every place is taken, and the site's form joins the waitlist",
};

interface FormValues {
  capacity: string;
  opensAt: string;
  closesAt: string;
  instructions: string;
  kitDays: string;
  consultDays: string;
}

/** The form's fields by the request's (the server's 400s and the schema's issues name the request's). */
const FIELD_OF: Record<string, keyof FormValues> = {
  capacity: "capacity",
  enrollmentOpensAt: "opensAt",
  enrollmentClosesAt: "closesAt",
  assessmentInstructions: "instructions",
  kitReminderDays: "kitDays",
  consultReminderDays: "consultDays",
};

/** Empty: the default (null); else the number as typed (a wrong one is refused by the schema). */
const daysOf = (text: string) => (text.trim() === "" ? null : Number(text));

/** "5 days (the default)", "Off", "3 days". */
function daysWords(days: number | null, fallback: number): string {
  if (days === 0) return "Off";
  const n = days ?? fallback;
  return `${n} day${n === 1 ? "" : "s"}${days === null ? " (the default)" : ""}`;
}

/** A datetime-local value in the browser's zone as an instant; what cannot be read is sent as typed (and refused). */
function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function toRequest(values: FormValues) {
  return {
    capacity: values.capacity.trim() === "" ? Number.NaN : Number(values.capacity),
    enrollmentOpensAt: instantOf(values.opensAt),
    enrollmentClosesAt: instantOf(values.closesAt),
    assessmentInstructions: values.instructions,
    kitReminderDays: daysOf(values.kitDays),
    consultReminderDays: daysOf(values.consultDays),
  };
}

/** The shared request schema (core/contracts/pilot.ts) checks the form before it is sent. */
const resolver: Resolver<FormValues> = async (values) => {
  const parsed = pilotSettingsRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function windowWords(settings: PilotSettings): string {
  const opens = settings.enrollmentOpensAt ? `from ${formatDateTime(settings.enrollmentOpensAt)}` : "from now";
  const closes = settings.enrollmentClosesAt ? `until ${formatDateTime(settings.enrollmentClosesAt)}` : "with no closing date";
  return `${opens} ${closes} (your time)`;
}

function SettingsForm({ data: settings, onDone }: { data: PilotSettings; onDone: (message: string) => void }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState("");
  const zone = runtimeTimeZone() ?? "this browser's zone";
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: {
      capacity: String(settings.capacity),
      opensAt: settings.enrollmentOpensAt ? localInputValue(settings.enrollmentOpensAt) : "",
      closesAt: settings.enrollmentClosesAt ? localInputValue(settings.enrollmentClosesAt) : "",
      instructions: settings.assessmentInstructions,
      kitDays: settings.kitReminderDays === null ? "" : String(settings.kitReminderDays),
      consultDays: settings.consultReminderDays === null ? "" : String(settings.consultReminderDays),
    },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) => request<PilotSettings>("/api/admin/pilot", { method: "PUT", body: toRequest(values) }),
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure("");
    try {
      const saved = await save.mutateAsync(values);
      queryClient.setQueryData(PILOT_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ["admin-board"] });
      onDone("Saved. The public pages show the new settings now.");
    } catch (error) {
      let onFields = false;
      if (error instanceof ApiError && error.status === 400) {
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          const field = FIELD_OF[name];
          if (field && messages[0]) {
            setError(field, { type: "server", message: messages[0] });
            onFields = true;
          }
        }
      }
      if (!onFields) setFailure(errorText(error, "The settings were not saved. Please try again."));
    }
  });
  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit} aria-label="Change the pilot settings">
      <Field id="pilot-capacity" label="Places in the pilot" required hint={`At least the ${settings.taken} already taken or offered.`} error={errors.capacity?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} step={1} className="w-32" {...register("capacity")} />}
      </Field>
      <div className="hidden sm:block" />
      <Field id="pilot-opens" label="Enrollment opens" hint={`Your time (${zone}). Empty: open from now.`} error={errors.opensAt?.message}>
        {(control) => <Input {...control} type="datetime-local" {...register("opensAt")} />}
      </Field>
      <Field id="pilot-closes" label="Enrollment closes" hint={`Your time (${zone}). Empty: no closing date.`} error={errors.closesAt?.message}>
        {(control) => <Input {...control} type="datetime-local" {...register("closesAt")} />}
      </Field>
      <Field
        id="pilot-instructions"
        label="Assessment instructions"
        className="sm:col-span-2"
        hint="Added to every assessment invitation, each line a paragraph. No personal details: the email goes to every invited woman."
        error={errors.instructions?.message}
      >
        {(control) => <Textarea {...control} rows={4} {...register("instructions")} />}
      </Field>
      <Field
        id="pilot-kit-days"
        label="Kit reminder after (days)"
        hint={`Days after the invitation before "kit not sent" is reminded. 0: none. Empty: ${DEFAULT_KIT_REMINDER_DAYS}.`}
        error={errors.kitDays?.message}
      >
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} className="w-32" {...register("kitDays")} />}
      </Field>
      <Field
        id="pilot-consult-days"
        label="Consult reminder after (days)"
        hint={`Days after she may book before "consult not booked" is reminded. 0: none. Empty: ${DEFAULT_CONSULT_REMINDER_DAYS}.`}
        error={errors.consultDays?.message}
      >
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} className="w-32" {...register("consultDays")} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save the settings"}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone("")} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

function PilotSummary({ data }: { data: PilotSettings }) {
  return (
    <>
      <dt className="font-semibold text-ink">Status</dt>
      <dd data-testid="pilot-status">{STATUS_WORDS[data.status]}</dd>
      <dt className="font-semibold text-ink">Places</dt>
      <dd>{data.capacity}</dd>
      <dt className="font-semibold text-ink">Enrollment</dt>
      <dd>{windowWords(data)}</dd>
      <dt className="font-semibold text-ink">Assessment instructions</dt>
      <dd className="whitespace-pre-line">{data.assessmentInstructions || "None: the invitation says only the standard text."}</dd>
      <dt className="font-semibold text-ink">Reminders</dt>
      <dd>
        Kit not sent: {daysWords(data.kitReminderDays, DEFAULT_KIT_REMINDER_DAYS)}; consult not booked:{" "}
        {daysWords(data.consultReminderDays, DEFAULT_CONSULT_REMINDER_DAYS)}
      </dd>
      <dt className="font-semibold text-ink">Last changed</dt>
      <dd>{data.updatedAt ? formatDateTime(data.updatedAt) : "Never: the server's first values"}</dd>
    </>
  );
}

export function PilotSettingsPanel() {
  const request = useAuthedRequest();
  const settings = useQuery<PilotSettings>({ queryKey: PILOT_KEY, queryFn: ({ signal }) => request("/api/admin/pilot", { signal }), staleTime: 0 });
  return (
    <SettingsCard
      id="pilot-settings-heading"
      title="Pilot settings"
      changeLabel="Change the settings"
      query={settings}
      loadFailed="The pilot settings could not be loaded."
      Summary={PilotSummary}
      Form={SettingsForm}
    />
  );
}
