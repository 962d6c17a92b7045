/**
 * An application's place in the pilot's selection on its record page: stage with the moves the table
 * allows (core/pipeline/stages.ts; selection staff: coordinators, admins, super admins), eligibility with its reasons,
 * waitlist position, offer deadline (selection staff resend the offer or extend it), owner (selection staff pick an
 * active staff member), the waitlist order (super admins move one up or down), the stage timeline,
 * and the staff notes (selection staff add; admins remove).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { AssessmentView } from "#core/contracts/assessment";
import type { ApplicationDetail } from "#core/contracts/lists";
import { REVIEW_REQUIRED_CODE } from "#core/pipeline/assessment";
import { ApiError } from "~/lib/api-client";
import type { Note } from "#core/contracts/pipeline";
import { ENDING_STAGES, isMoveBack, moveEmail, moveNeedsReason, STAGE_LABELS, type Stage } from "#core/pipeline/stages";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldControlClass, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ConsultInviteControl } from "./consult-invite-control";
import { useAuth } from "../parts/session/auth";
import { formatDateTime, localInputValue } from "../parts/format";
import { errorText, useAuthedRequest } from "../parts/session/hooks";
import { OwnerSelect } from "../parts/owner-select";
import { useSecondsLeft } from "../parts/use-seconds-left";
import { EligibilityBadge, StageBadge } from "../parts/stage-badge";
import { AssessmentPanel, assessmentQueryKey, showsAssessment } from "./assessment-panel";

const base = (id: string) => `/api/admin/applications/${encodeURIComponent(id)}`;

interface PanelProps {
  id: string;
  detail: ApplicationDetail;
  /** The record page's query key: a move or an owner change replaces its data with the answer. */
  recordKey: readonly unknown[];
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 border-b border-line py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-sm text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

/** What a move will do, in words, for its confirmation: the stage, and the email it sends her (held for Undo). */
function moveSummary(detail: ApplicationDetail, to: Stage): string {
  const name = `${String(detail.record.firstName)} ${String(detail.record.lastName)}`;
  const email = moveEmail(detail.stage, to);
  return `${name} moves from "${STAGE_LABELS[detail.stage]}" to "${STAGE_LABELS[to]}". ${email ? `She will be sent ${email}.` : "No email is sent."}`;
}

/**
 * Moves the application (the table's moves, forward and back). A move back needs a reason, and so does a forward
 * move of an applicant who does not meet the criteria; a move that ends her path asks for confirmation first and
 * says which email it sends. After a move, Undo takes it back while its emails still wait (MOVE_UNDO_SECONDS).
 */
function StageControl({ id, detail, recordKey }: PanelProps) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [to, setTo] = useState<Stage | "">("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [undone, setUndone] = useState("");
  const back = to !== "" && isMoveBack(detail.stage, to);
  // The server's rule (core/pipeline/stages.ts): marking her not eligible or withdrawn needs no reason.
  const needsReason = to !== "" && moveNeedsReason(detail.stage, to, detail.eligibility.eligible);
  const secondsLeft = useSecondsLeft(detail.undoUntil);
  const settle = async (answer: ApplicationDetail) => {
    queryClient.setQueryData(recordKey, answer);
    await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
  };
  const move = useMutation({
    mutationFn: () => request<ApplicationDetail>(`${base(id)}/stage`, { method: "POST", body: { to, ...(reason.trim() ? { reason } : {}) } }),
    onSuccess: async (answer) => {
      setTo("");
      setReason("");
      setConfirming(false);
      setUndone("");
      await settle(answer);
    },
  });
  const undo = useMutation({
    mutationFn: () => request<ApplicationDetail>(`${base(id)}/stage/undo`, { method: "POST" }),
    onSuccess: async (answer) => {
      setUndone(`The move was undone: back in "${STAGE_LABELS[answer.stage]}", and its emails were not sent.`);
      await settle(answer);
    },
  });
  // A pass refused for want of a review stops being true once the Assessment section records one: the refusal
  // leaves the screen then, instead of staying until the next move.
  const reviewed = useQuery<AssessmentView>({ queryKey: assessmentQueryKey(id, detail), enabled: false }).data?.reviewed ?? false;
  useEffect(() => {
    if (reviewed && move.error instanceof ApiError && move.error.body?.code === REVIEW_REQUIRED_CODE) move.reset();
  }, [reviewed, move]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to) return;
    if (ENDING_STAGES.includes(to) && !confirming) setConfirming(true);
    else move.mutate();
  };
  const failed = move.error ?? undo.error;
  return (
    <div className="mt-4 grid gap-3">
      {secondsLeft > 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-brand-soft p-3">
          <p className="text-sm text-ink">
            Moved to "{STAGE_LABELS[detail.stage]}". Its email waits {secondsLeft} more second{secondsLeft === 1 ? "" : "s"}.
          </p>
          <Button type="button" variant="outline" size="sm" disabled={undo.isPending} onClick={() => undo.mutate()}>
            {undo.isPending ? "Undoing…" : "Undo this move"}
          </Button>
        </div>
      ) : null}
      <output className="block text-sm text-ink-muted">{undone}</output>
      {detail.allowedMoves.length === 0 ? (
        <p className="text-sm text-ink-muted">This stage is final: no further moves.</p>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-describedby={failed ? `${fieldId}-error` : undefined}>
          <div>
            <Label htmlFor={`${fieldId}-to`}>Move to</Label>
            <select
              id={`${fieldId}-to`}
              className={`${fieldControlClass} mt-1 h-11`}
              value={to}
              onChange={(e) => {
                setTo(e.target.value as Stage);
                setConfirming(false);
              }}
              required
            >
              <option value="">Choose a stage</option>
              {detail.allowedMoves.map((stage) => (
                <option key={stage} value={stage}>
                  {isMoveBack(detail.stage, stage) ? `Back to ${STAGE_LABELS[stage]}` : STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${fieldId}-reason`}>
              {back ? "Reason (needed for a move back)" : needsReason ? "Reason (needed: she does not meet the criteria)" : "Reason (optional)"}
            </Label>
            <Input id={`${fieldId}-reason`} className="mt-1" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} required={needsReason} />
          </div>
          {confirming && to ? (
            <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-ink sm:col-span-2">
              <p className="font-semibold">Confirm this move</p>
              <p className="mt-1">{moveSummary(detail, to)}</p>
            </div>
          ) : to ? (
            <p className="text-sm text-ink-muted sm:col-span-2">{moveSummary(detail, to)}</p>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={!to || move.isPending}>
              {move.isPending ? "Moving…" : confirming ? "Yes, move her" : "Move"}
            </Button>
            {confirming ? (
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {failed ? (
        <Alert variant="destructive" id={`${fieldId}-error`}>
          <AlertDescription>{errorText(failed, "The move did not go through. Please try again.")}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

function OwnerControl({ id, detail, recordKey }: PanelProps) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const fieldId = useId();
  const [owner, setOwner] = useState(detail.owner ?? "");
  const assign = useMutation({
    mutationFn: (value: string | null) => request<ApplicationDetail>(`${base(id)}/owner`, { method: "PUT", body: { owner: value } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(recordKey, answer);
      setOwner(answer.owner ?? "");
    },
  });
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate(owner || null);
      }}
    >
      <div>
        <Label htmlFor={`${fieldId}-owner`}>Owner</Label>
        <OwnerSelect id={`${fieldId}-owner`} className="w-64" value={owner} onChange={setOwner} />
      </div>
      <Button type="submit" variant="outline" disabled={assign.isPending || owner === (detail.owner ?? "")}>
        Save owner
      </Button>
      {user ? (
        <Button type="button" variant="outline" disabled={assign.isPending} onClick={() => assign.mutate(user.username)}>
          Assign to me
        </Button>
      ) : null}
      {assign.isError ? (
        <p role="alert" className="w-full text-sm text-danger">
          {errorText(assign.error, "The owner was not saved. Please try again.")}
        </p>
      ) : null}
    </form>
  );
}

/** Super admins move a waitlisted applicant one place up (towards the next offer) or down; audited on the server. */
function WaitlistControl({ id, detail, recordKey }: PanelProps) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [moved, setMoved] = useState("");
  const reorder = useMutation({
    mutationFn: (direction: "up" | "down") =>
      request<ApplicationDetail>(`${base(id)}/waitlist-move`, { method: "POST", body: { direction } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(recordKey, answer);
      setMoved(answer.waitlistPosition !== null ? `Now number ${answer.waitlistPosition} on the waitlist.` : "");
      await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
    },
  });
  const position = detail.waitlistPosition;
  if (position === null) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button type="button" variant="outline" size="sm" disabled={reorder.isPending || position <= 1} onClick={() => reorder.mutate("up")}>
        Move up the waitlist
      </Button>
      <Button type="button" variant="outline" size="sm" disabled={reorder.isPending} onClick={() => reorder.mutate("down")}>
        Move down the waitlist
      </Button>
      <output className="block w-full text-sm text-ink-muted">{moved}</output>
      {reorder.isError ? (
        <p role="alert" className="w-full text-sm text-danger">
          {errorText(reorder.error, "The waitlist was not changed. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An open offer: send it again (a fresh link, to the address on the record now) or give her a later deadline; both
 * email her, and the older link then says a newer one was sent (ADR 0088).
 */
function OfferControl({ id, detail, recordKey }: PanelProps) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [until, setUntil] = useState(() => localInputValue(new Date(new Date(detail.offerExpiresAt ?? Date.now()).getTime() + 2 * 86_400_000).toISOString()));
  const [done, setDone] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKey });
  const resend = useMutation({
    mutationFn: () => request<{ offerExpiresAt: string }>(`${base(id)}/offer/resend`, { method: "POST" }),
    onSuccess: async () => {
      setDone(`The offer was sent again to ${String(detail.record.email)}, with a new link.`);
      await refresh();
    },
  });
  const extend = useMutation({
    mutationFn: () => request<{ offerExpiresAt: string }>(`${base(id)}/offer/extend`, { method: "POST", body: { until: new Date(until).toISOString() } }),
    onSuccess: async (answer) => {
      setDone(`She has until ${formatDateTime(answer.offerExpiresAt)} now; the new deadline was emailed to her.`);
      await refresh();
    },
  });
  const failed = resend.error ?? extend.error;
  return (
    <div className="mt-4 grid gap-3 border-t border-line pt-4">
      <p className="text-sm text-ink-muted">
        Resending emails the offer to {String(detail.record.email)} with a new link; the link of the earlier email stops
        working.
      </p>
      <div>
        <Button type="button" variant="outline" disabled={resend.isPending || extend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending…" : "Resend the offer"}
        </Button>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (until) extend.mutate();
        }}
      >
        <div>
          <Label htmlFor={`${fieldId}-until`}>New deadline (your time)</Label>
          <Input id={`${fieldId}-until`} type="datetime-local" className="mt-1 w-64" value={until} onChange={(e) => setUntil(e.target.value)} required />
        </div>
        <Button type="submit" variant="outline" disabled={!until || resend.isPending || extend.isPending}>
          {extend.isPending ? "Extending…" : "Extend the deadline"}
        </Button>
      </form>
      <output className="block text-sm text-ink-muted">{done}</output>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(failed, "The offer was not changed. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}

function Timeline({ detail }: { detail: ApplicationDetail }) {
  if (detail.stageHistory.length === 0) return <p className="mt-2 text-sm text-ink-muted">No moves yet: the application is new.</p>;
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-line pl-4">
      {detail.stageHistory.map((entry) => (
        <li key={entry.id}>
          <p className="text-sm text-ink">
            <span className="font-semibold">{STAGE_LABELS[entry.from]}</span> → <span className="font-semibold">{STAGE_LABELS[entry.to]}</span>
          </p>
          <p className="text-xs text-ink-muted">
            {formatDateTime(entry.at)} · {entry.by ?? "the applicant"}
          </p>
          {entry.reason ? <p className="text-sm text-ink-muted">{entry.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function Notes({ id }: { id: string }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const { canDeleteData, canRunSelection } = useAuth();
  const fieldId = useId();
  const key = ["admin-notes", id];
  const notes = useQuery<Note[]>({ queryKey: key, queryFn: ({ signal }) => request(`${base(id)}/notes`, { signal }), staleTime: 0 });
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: () => request<Note>(`${base(id)}/notes`, { method: "POST", body: { text } }),
    onSuccess: async () => {
      setText("");
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (noteId: string) => request<void>(`${base(id)}/notes/${encodeURIComponent(noteId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (
    <div>
      {notes.isError ? <p role="alert" className="mt-2 text-sm text-danger">{errorText(notes.error, "The notes could not be loaded.")}</p> : null}
      {notes.data && notes.data.length === 0 ? <p className="mt-2 text-sm text-ink-muted">No notes yet.</p> : null}
      <ul className="mt-3 space-y-3">
        {notes.data?.map((note) => (
          <li key={note.id} className="rounded-xl border border-line p-3">
            <p className="text-sm whitespace-pre-wrap text-ink">{note.text}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-muted">
              {note.author ?? "—"} · {formatDateTime(note.createdAt)}
              {canDeleteData ? (
                <Button type="button" variant="outline" size="sm" onClick={() => remove.mutate(note.id)} disabled={remove.isPending} aria-label={`Remove the note of ${formatDateTime(note.createdAt)}`}>
                  Remove
                </Button>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {canRunSelection ? (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <Label htmlFor={`${fieldId}-note`}>Add a note</Label>
          <Textarea id={`${fieldId}-note`} className="mt-1" value={text} onChange={(e) => setText(e.target.value)} maxLength={5000} rows={3} />
          <p className="mt-1 text-xs text-ink-muted">Notes stay in the admin: they are never emailed.</p>
          <Button type="submit" className="mt-2" disabled={!text.trim() || add.isPending}>
            {add.isPending ? "Adding…" : "Add note"}
          </Button>
          {add.isError ? <p role="alert" className="mt-2 text-sm text-danger">{errorText(add.error, "The note was not added. Please try again.")}</p> : null}
        </form>
      ) : null}
    </div>
  );
}

/** The three sections the record page shows for an application: Selection, Timeline, Notes. */
/**
 * Her own page is reached by a signed link in every email to her (ADR 0098); when one has gone astray (forwarded, a
 * shared inbox), staff end every link issued so far. Her next email carries a new one.
 */
function PageLinksControl({ id }: { id: string }) {
  const request = useAuthedRequest();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => request<void>(`${base(id)}/page-links/revoke`, { method: "POST" }),
    onSuccess: () => setConfirming(false),
  });
  return (
    <div className="mt-4 grid gap-2 border-t border-line pt-4">
      <p className="text-sm text-ink-muted">Every email to her links to her own page. If a link reached someone else, end them all here.</p>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {revoke.isPending ? "Ending…" : "Yes, end every link to her page"}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
            Keep them
          </Button>
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            End the links to her page
          </Button>
        </div>
      )}
      <output className="block text-sm text-ink-muted">{revoke.isSuccess ? "Every link sent so far no longer opens her page. Her next email carries a new one." : ""}</output>
      {revoke.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(revoke.error, "The links were not ended. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}

export function SelectionSections({ id, detail, recordKey, Section }: PanelProps & { Section: (props: { title: string; children: React.ReactNode }) => React.ReactNode }) {
  const { canRunSelection, canReorderWaitlist } = useAuth();
  return (
    <>
      <Section title="Selection">
        <dl className="mt-2">
          <Fact label="Stage">
            <StageBadge stage={detail.stage} />
          </Fact>
          <Fact label="In this stage since">{formatDateTime(detail.record.stage_changed_at)}</Fact>
          <Fact label="Eligibility">
            <EligibilityBadge eligibility={detail.eligibility} />
          </Fact>
          {detail.waitlistPosition !== null ? <Fact label="Waitlist position">{detail.waitlistPosition}</Fact> : null}
          {detail.offerExpiresAt ? <Fact label="Offer answer due">{formatDateTime(detail.offerExpiresAt)}</Fact> : null}
          <Fact label="Owner">{detail.owner ?? "Nobody"}</Fact>
        </dl>
        {canReorderWaitlist ? <WaitlistControl id={id} detail={detail} recordKey={recordKey} /> : null}
        {canRunSelection ? (
          <>
            {detail.offerExpiresAt ? <OfferControl id={id} detail={detail} recordKey={recordKey} /> : null}
            <StageControl id={id} detail={detail} recordKey={recordKey} />
            <OwnerControl key={detail.owner ?? ""} id={id} detail={detail} recordKey={recordKey} />
            <PageLinksControl id={id} />
            <ConsultInviteControl id={id} detail={detail} recordKey={recordKey} />
          </>
        ) : null}
      </Section>
      {showsAssessment(detail) ? (
        <Section title="Assessment">
          <AssessmentPanel id={id} detail={detail} />
        </Section>
      ) : null}
      <Section title="Timeline">
        <Timeline detail={detail} />
      </Section>
      <Section title="Notes">
        <Notes id={id} />
      </Section>
    </>
  );
}
