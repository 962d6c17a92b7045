/**
 * The assessment step on an application's record page (ADR 0101, 0102): the kit's progress with who recorded each
 * step and when (selection staff record the next one while she is invited), the review a pass or a not-eligible
 * decision needs (a scorecard: the criteria met or not, a recommendation, a reason; checked by the shared schema
 * before it is sent), the reviews written, and her reminders with their due time and status (selection staff cancel
 * a scheduled one).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { type AssessmentView, reviewRequestSchema } from "#core/contracts/assessment";
import type { ApplicationDetail } from "#core/contracts/lists";
import { KIT_STEP_LABELS, KIT_STEPS, type KitStep, REVIEW_REASON_MAX, REVIEW_RECOMMENDATION_LABELS } from "#core/pipeline/assessment";
import { CANCEL_REASON_LABELS, type CancelReason, REMINDER_KIND_LABELS, REMINDER_STATUS_LABELS } from "#core/pipeline/reminders";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { ApiError } from "~/lib/api-client";
import { formatDateTime } from "../parts/format";
import { useAuth } from "../parts/session/auth";
import { errorText, useAuthedRequest } from "../parts/session/hooks";

const base = (id: string) => `/api/admin/applications/${encodeURIComponent(id)}`;

/** Whether the record page shows the section: she is, or was, at the assessment step, or holds an offer (its reminder is listed here). */
export function showsAssessment(detail: ApplicationDetail): boolean {
  return detail.stage === "assessment_invited" || detail.stage === "offered" || detail.stageHistory.some((h) => h.to === "assessment_invited");
}

interface ReviewValues {
  meetsCriteria: "" | "yes" | "no";
  recommendation: "" | "pass" | "not_eligible";
  reason: string;
}

const toRequest = (values: ReviewValues) => ({
  meetsCriteria: values.meetsCriteria === "" ? undefined : values.meetsCriteria === "yes",
  recommendation: values.recommendation === "" ? undefined : values.recommendation,
  reason: values.reason,
});

const resolver: Resolver<ReviewValues> = async (values) => {
  const parsed = reviewRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ReviewValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof ReviewValues;
    if (!errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function RadioGroup({ name, legend, options, error, register }: {
  name: "meetsCriteria" | "recommendation";
  legend: string;
  options: [string, string][];
  error?: string;
  register: ReturnType<typeof useForm<ReviewValues>>["register"];
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map(([value, label]) => (
          <label key={value} className="flex min-h-6 items-center gap-2 text-sm text-ink">
            <input type="radio" value={value} className="h-4 w-4 accent-brand" {...register(name)} />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

function ReviewForm({ id, onDone }: { id: string; onDone: () => Promise<void> }) {
  const request = useAuthedRequest();
  const [failure, setFailure] = useState("");
  const [saved, setSaved] = useState("");
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewValues>({ resolver, defaultValues: { meetsCriteria: "", recommendation: "", reason: "" } });
  const onSubmit = handleSubmit(async (values) => {
    setFailure("");
    setSaved("");
    try {
      await request(`${base(id)}/review`, { method: "POST", body: toRequest(values) });
      reset();
      setSaved("The review is recorded. The decision can be made now.");
      await onDone();
    } catch (error) {
      let onFields = false;
      if (error instanceof ApiError && error.status === 400) {
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          if (messages[0] && (name === "meetsCriteria" || name === "recommendation" || name === "reason")) {
            setError(name, { type: "server", message: messages[0] });
            onFields = true;
          }
        }
      }
      if (!onFields) setFailure(errorText(error, "The review was not recorded. Please try again."));
    }
  });
  return (
    <form className="mt-3 grid gap-3 rounded-xl border border-line p-3" noValidate onSubmit={onSubmit} aria-label="Review the assessment">
      <h4 className="font-semibold text-ink">Review the assessment</h4>
      <RadioGroup
        name="meetsCriteria"
        legend="Does the result meet the pilot's criteria?"
        options={[
          ["yes", "Yes"],
          ["no", "No"],
        ]}
        error={errors.meetsCriteria?.message}
        register={register}
      />
      <RadioGroup
        name="recommendation"
        legend="Recommendation"
        options={[
          ["pass", REVIEW_RECOMMENDATION_LABELS.pass],
          ["not_eligible", REVIEW_RECOMMENDATION_LABELS.not_eligible],
        ]}
        error={errors.recommendation?.message}
        register={register}
      />
      <Field id={`${fieldId}-reason`} label="Reason" required hint="Stays in the admin: never emailed." error={errors.reason?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={REVIEW_REASON_MAX} {...register("reason")} />}
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Recording…" : "Record the review"}
        </Button>
      </div>
      <output className="block text-sm text-success">{saved}</output>
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

/** The assessment's query, read again whenever her stage changes (a move brings her reminders in line). */
export function assessmentQueryKey(id: string, detail: ApplicationDetail) {
  return ["admin-assessment", id, detail.stage, detail.stageHistory.length];
}

export function AssessmentPanel({ id, detail }: { id: string; detail: ApplicationDetail }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const { canRunSelection } = useAuth();
  const key = assessmentQueryKey(id, detail);
  const view = useQuery<AssessmentView>({ queryKey: key, queryFn: ({ signal }) => request(`${base(id)}/assessment`, { signal }), staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-assessment", id] });
  const step = useMutation({
    mutationFn: (status: KitStep) => request<AssessmentView>(`${base(id)}/assessment`, { method: "POST", body: { status } }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (reminderId: string) => request<void>(`${base(id)}/reminders/${encodeURIComponent(reminderId)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  if (view.isPending) return <p className="mt-2 text-sm text-ink-muted">Loading the assessment…</p>;
  if (view.isError) {
    return (
      <p role="alert" className="mt-2 text-sm text-danger">
        {errorText(view.error, "The assessment could not be loaded.")}
      </p>
    );
  }
  const data = view.data;
  const invited = detail.stage === "assessment_invited";
  return (
    <div className="mt-2 grid gap-4">
      <div>
        <h4 className="text-sm font-semibold text-ink-muted">Kit progress</h4>
        <p className="mt-1 text-sm text-ink">{data.kit ? KIT_STEP_LABELS[data.kit] : "Not sent yet"}</p>
        {data.steps.length > 0 ? (
          <ol className="mt-2 space-y-1 border-l-2 border-line pl-4">
            {data.steps.map((s) => (
              <li key={s.id} className="text-sm text-ink">
                <span className="font-semibold">{KIT_STEP_LABELS[s.status]}</span>{" "}
                <span className="text-ink-muted">
                  · {formatDateTime(s.at)} · {s.by ?? "she said so on her page"}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        {canRunSelection && invited ? (
          <fieldset className="mt-2 flex flex-wrap gap-2" aria-label="Record the kit's progress">
            {KIT_STEPS.map((status) => (
              <Button key={status} type="button" size="sm" variant="outline" disabled={step.isPending} onClick={() => step.mutate(status)}>
                {KIT_STEP_LABELS[status]}
              </Button>
            ))}
          </fieldset>
        ) : null}
        {step.isError ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {errorText(step.error, "The step was not recorded. Please try again.")}
          </p>
        ) : null}
      </div>

      <div>
        <h4 className="text-sm font-semibold text-ink-muted">Reviews</h4>
        {data.reviews.length === 0 ? <p className="mt-1 text-sm text-ink-muted">No review yet.</p> : null}
        <ul className="mt-1 space-y-2">
          {data.reviews.map((r) => (
            <li key={r.id} className="rounded-xl border border-line p-3 text-sm">
              <p className="text-ink">
                <span className="font-semibold">{REVIEW_RECOMMENDATION_LABELS[r.recommendation]}</span> · criteria{" "}
                {r.meetsCriteria ? "met" : "not met"}
              </p>
              <p className="whitespace-pre-wrap text-ink">{r.reason}</p>
              <p className="text-xs text-ink-muted">
                {r.by ?? "—"} · {formatDateTime(r.at)}
              </p>
            </li>
          ))}
        </ul>
        {invited ? (
          <p className="mt-2 text-sm text-ink-muted">
            {data.reviewed ? "Reviewed: she can be passed or found not eligible." : "A pass or a not-eligible decision needs a review first."}
          </p>
        ) : null}
        {canRunSelection && invited ? <ReviewForm id={id} onDone={refresh} /> : null}
      </div>

      <div>
        <h4 className="text-sm font-semibold text-ink-muted">Reminders</h4>
        {data.reminders.length === 0 ? <p className="mt-1 text-sm text-ink-muted">None.</p> : null}
        <ul className="mt-1 space-y-1">
          {data.reminders.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm text-ink">
              <span className="font-semibold">{REMINDER_KIND_LABELS[r.kind]}</span>
              <span className="text-ink-muted">
                · due {formatDateTime(r.dueAt)} · {REMINDER_STATUS_LABELS[r.status]}
                {r.status === "sent" && r.sentAt ? ` ${formatDateTime(r.sentAt)}` : ""}
                {r.status === "cancelled" && r.cancelReason
                  ? ` (${CANCEL_REASON_LABELS[r.cancelReason as CancelReason] ?? r.cancelReason}${r.cancelledBy ? `: ${r.cancelledBy}` : ""})`
                  : ""}
              </span>
              {canRunSelection && r.status === "scheduled" ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(r.id)}
                  aria-label={`Cancel the reminder "${REMINDER_KIND_LABELS[r.kind]}" due ${formatDateTime(r.dueAt)}`}
                >
                  Cancel
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-ink-muted">Reminders never go between 21:00 and 08:00 her time; one due then waits until 08:00.</p>
        {cancel.isError ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {errorText(cancel.error, "The reminder was not cancelled. Please try again.")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
