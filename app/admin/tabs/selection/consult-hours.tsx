/**
 * The clinic's consult hours on the Selection board, beside the pilot settings (ADR 0100): the weekly hours (one span
 * a day here), the exceptions, the slot length, the buffer, the zone, the minimum notice and how far ahead. Every
 * staff role reads them; super admins change them, checked by the schema the server applies, errors on their fields.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { type ConsultAvailabilityAnswer, consultAvailabilityObject, WEEK_DAY_LABELS, WEEK_DAYS, type WeekDay } from "#core/contracts/consult";
import { ApiError } from "~/lib/api-client";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "../../parts/format";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";
import { SettingsCard } from "./settings-card";

export const CONSULT_HOURS_KEY = ["admin-board", "consult-hours"];

type DayValues = { open: boolean; start: string; end: string };
interface FormValues {
  timeZone: string;
  slotMinutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  maxDaysAhead: string;
  days: Record<WeekDay, DayValues>;
  exceptions: string;
}

const NUMBERS = ["slotMinutes", "bufferMinutes", "minNoticeHours", "maxDaysAhead"] as const;

/** "2026-12-24" (closed) or "2026-12-24 10:00-14:00" (those hours), one a line. */
function exceptionsText(hours: ConsultAvailabilityAnswer): string {
  return hours.exceptions.map((e) => (e.start && e.end ? `${e.date} ${e.start}-${e.end}` : e.date)).join("\n");
}

function parseExceptions(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [date = "", hours] = line.split(/\s+/, 2);
      if (!hours) return { date };
      const [start, end] = hours.split("-");
      return { date, start: start ?? "", end: end ?? "" };
    });
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

function toRequest(values: FormValues) {
  return {
    timeZone: values.timeZone,
    weekly: WEEK_DAYS.filter((day) => values.days[day].open).map((day) => ({ day, start: values.days[day].start, end: values.days[day].end })),
    slotMinutes: number(values.slotMinutes),
    bufferMinutes: number(values.bufferMinutes),
    minNoticeHours: number(values.minNoticeHours),
    maxDaysAhead: number(values.maxDaysAhead),
    exceptions: parseExceptions(values.exceptions),
  };
}

/** Where an issue of the request shows on the form: a day's row, the exceptions box, or a field of its own. */
function fieldOf(path: readonly PropertyKey[], values: FormValues): string | null {
  const [head, index] = path;
  if (head === "weekly" && typeof index === "number") {
    const day = WEEK_DAYS.filter((d) => values.days[d].open)[index];
    return day ? `days.${day}.end` : null;
  }
  if (head === "exceptions" || head === "timeZone" || NUMBERS.includes(head as (typeof NUMBERS)[number])) return String(head);
  return null;
}

/** The shared schema (core/contracts/consult.ts) checks the form before it is sent. */
const resolver: Resolver<FormValues> = async (values) => {
  const parsed = consultAvailabilityObject.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, values);
    const message = issue.path[0] === "exceptions" && typeof issue.path[1] === "number" ? `Line ${issue.path[1] + 1}: ${issue.message}` : issue.message;
    if (field && !errors[field]) errors[field] = { type: issue.code, message };
  }
  const nested: Record<string, unknown> = {};
  for (const [key, error] of Object.entries(errors)) {
    if (key.startsWith("days.")) {
      const [, day] = key.split(".");
      nested.days = { ...(nested.days as object), [day ?? ""]: { end: error } };
    } else nested[key] = error;
  }
  return { values: {}, errors: nested as FieldErrors<FormValues> };
};

function defaultsOf(hours: ConsultAvailabilityAnswer): FormValues {
  const days = Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const span = hours.weekly.find((h) => h.day === day);
      return [day, { open: Boolean(span), start: span?.start ?? "09:00", end: span?.end ?? "17:00" }];
    }),
  ) as Record<WeekDay, DayValues>;
  return {
    timeZone: hours.timeZone,
    slotMinutes: String(hours.slotMinutes),
    bufferMinutes: String(hours.bufferMinutes),
    minNoticeHours: String(hours.minNoticeHours),
    maxDaysAhead: String(hours.maxDaysAhead),
    days,
    exceptions: exceptionsText(hours),
  };
}

function HoursForm({ data: hours, onDone }: { data: ConsultAvailabilityAnswer; onDone: (message: string) => void }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState("");
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues: defaultsOf(hours) });
  const save = useMutation({
    mutationFn: (values: FormValues) => request<ConsultAvailabilityAnswer>("/api/admin/consult-availability", { method: "PUT", body: toRequest(values) }),
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure("");
    try {
      queryClient.setQueryData(CONSULT_HOURS_KEY, await save.mutateAsync(values));
      onDone("Saved. Her page offers the new times now.");
    } catch (error) {
      let onFields = false;
      if (error instanceof ApiError && error.status === 400) {
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          const field = fieldOf([name], getValues());
          if (field && messages[0]) {
            setError(field as keyof FormValues, { type: "server", message: messages[0] });
            onFields = true;
          }
        }
      }
      if (!onFields) setFailure(errorText(error, "The hours were not saved. Please try again."));
    }
  });
  return (
    <form className="mt-4 grid gap-4" noValidate onSubmit={onSubmit} aria-label="Change the consult hours">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Weekly hours (the clinic&apos;s time)</legend>
        {WEEK_DAYS.map((day) => {
          const error = errors.days?.[day]?.end?.message;
          return (
            // On a phone the day takes its own line and the two times share the next, each wide enough for its clock.
            <div key={day} className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[8rem_9rem_9rem_1fr]">
              <label className="col-span-2 flex min-h-6 items-center gap-2 text-sm text-ink sm:col-span-1">
                <input type="checkbox" className="accent-brand" {...register(`days.${day}.open`)} />
                {WEEK_DAY_LABELS[day]}
              </label>
              <Input type="time" aria-label={`${WEEK_DAY_LABELS[day]} opens`} {...register(`days.${day}.start`)} />
              <Input
                type="time"
                aria-label={`${WEEK_DAY_LABELS[day]} closes`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `consult-${day}-error` : undefined}
                {...register(`days.${day}.end`)}
              />
              {error ? (
                <div className="col-span-full sm:col-span-1">
                  <FieldError id={`consult-${day}-error`}>{error}</FieldError>
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="consult-zone" label="Clinic time zone" required hint="An IANA name, for example America/Los_Angeles." error={errors.timeZone?.message}>
          {(control) => <Input {...control} {...register("timeZone")} />}
        </Field>
        <Field id="consult-slot" label="Slot length (minutes)" required error={errors.slotMinutes?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" {...register("slotMinutes")} />}
        </Field>
        <Field id="consult-buffer" label="Buffer after each (minutes)" required error={errors.bufferMinutes?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" {...register("bufferMinutes")} />}
        </Field>
        <Field id="consult-notice" label="Minimum notice (hours)" required error={errors.minNoticeHours?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" {...register("minNoticeHours")} />}
        </Field>
        <Field id="consult-ahead" label="Bookable ahead (days)" required error={errors.maxDaysAhead?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" {...register("maxDaysAhead")} />}
        </Field>
      </div>
      <Field
        id="consult-exceptions"
        label="Exceptions"
        hint="One a line: a date to close it (2026-12-24), or a date with the hours that replace its usual ones (2026-12-31 09:00-12:00)."
        error={errors.exceptions?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...register("exceptions")} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save the hours"}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone("")} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

function weeklyWords(hours: ConsultAvailabilityAnswer): string {
  if (hours.weekly.length === 0) return "Closed every day";
  return hours.weekly.map((h) => `${WEEK_DAY_LABELS[h.day].slice(0, 3)} ${h.start}–${h.end}`).join(", ");
}

function HoursSummary({ data }: { data: ConsultAvailabilityAnswer }) {
  return (
    <>
      <dt className="font-semibold text-ink">Weekly</dt>
      <dd data-testid="consult-weekly">
        {weeklyWords(data)} ({data.timeZone})
      </dd>
      <dt className="font-semibold text-ink">Slots</dt>
      <dd>
        {data.slotMinutes} minutes, {data.bufferMinutes} free after each
      </dd>
      <dt className="font-semibold text-ink">Booking</dt>
      <dd>
        From {data.minNoticeHours} hours ahead, up to {data.maxDaysAhead} days ahead
      </dd>
      <dt className="font-semibold text-ink">Exceptions</dt>
      <dd className="whitespace-pre-line">{data.exceptions.length > 0 ? exceptionsText(data) : "None"}</dd>
      <dt className="font-semibold text-ink">Last changed</dt>
      <dd>{data.updatedAt ? formatDateTime(data.updatedAt) : "Never: the first hours"}</dd>
    </>
  );
}

export function ConsultHoursPanel() {
  const request = useAuthedRequest();
  const hours = useQuery<ConsultAvailabilityAnswer>({ queryKey: CONSULT_HOURS_KEY, queryFn: ({ signal }) => request("/api/admin/consult-availability", { signal }), staleTime: 0 });
  return (
    <SettingsCard
      id="consult-hours-heading"
      title="Consult hours"
      changeLabel="Change the hours"
      query={hours}
      loadFailed="The consult hours could not be loaded."
      className="min-w-0"
      Summary={HoursSummary}
      Form={HoursForm}
    />
  );
}
