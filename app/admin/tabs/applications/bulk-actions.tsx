/**
 * Bulk actions (coordinators, admins, super admins): invite to the assessment, put on the waitlist, or assign an
 * owner (an active staff member picked from the list, or nobody), on the rows
 * ticked in the list (kept across its pages) or, when none is ticked, on every application the list's
 * filters show. A confirmation names the count and which of the two it is; each applicant is then moved
 * on its own (one history row and one email each, the same place rule), the refused are listed, and the
 * ticks are cleared.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ApplicationListRow, ApplicationStatsResponse, ListPage } from "#core/contracts/lists";
import { BULK_MAX, type BulkActionResult } from "#core/contracts/pipeline";
import { MOVE_EMAILS } from "#core/pipeline/stages";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { fieldControlClass } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { OwnerSelect } from "../../parts/owner-select";
import { useAuth } from "../../parts/session/auth";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";
import type { RowSelection } from "../../parts/lists/use-row-selection";
import type { ServerList } from "../../parts/lists/use-server-list";
import { useSecondsLeft } from "../../parts/use-seconds-left";

type Action = "invite" | "waitlist" | "assign_owner";

/** "1 application", "3 selected applications", "1,200 applications". */
export function applicationsText(n: number, selected: boolean): string {
  return `${n.toLocaleString("en-US")}${selected ? " selected" : ""} ${n === 1 ? "application" : "applications"}`;
}

const ACTIONS: Record<Action, { label: string; verb: (what: string) => string; email: string | null }> = {
  invite: { label: "Invite to the assessment", verb: (what) => `Invite ${what} to the assessment?`, email: MOVE_EMAILS.assessment_invited ?? null },
  waitlist: { label: "Put on the waitlist", verb: (what) => `Put ${what} on the waitlist?`, email: MOVE_EMAILS.waitlisted ?? null },
  assign_owner: { label: "Assign an owner", verb: (what) => `Assign ${what} to a new owner?`, email: null },
};

/** Whom a bulk action left as she was, by name, with why: "Ana Ruiz (why); Bea Ortiz (why) and 3 more". */
function refusedText(refused: BulkActionResult["refused"], shown = 10): string {
  const named = refused.slice(0, shown).map((r) => `${r.name ?? "an application since deleted"} (${r.message})`);
  const more = refused.length - named.length;
  return `${named.join("; ")}${more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""}`;
}

/** What an Undo of a bulk action did: how many went back, and whom the undo window had passed for. */
export function undoOutcomeText(result: Pick<BulkActionResult, "done" | "refused">): string {
  if (result.done === 0) return result.refused.length ? `Nothing was undone: ${refusedText(result.refused)}.` : "Nothing was undone.";
  const refused = result.refused.length ? ` Not undone: ${refusedText(result.refused)}.` : "";
  return `Undone for ${applicationsText(result.done, false)}: back where they were, their emails not sent.${refused}`;
}

export interface BulkActionsProps {
  list: ServerList<ApplicationListRow, ApplicationStatsResponse>;
  /** Rows ticked in the table; when there are none, the action is on every filtered row. */
  selection: RowSelection;
}

export function BulkActions({ list, selection }: BulkActionsProps) {
  const { canRunSelection } = useAuth();
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const id = useId();
  const [action, setAction] = useState<Action>("invite");
  const [owner, setOwner] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  // The applications the last stage action moved, and until when Undo takes that action back (its emails wait so long).
  const [moved, setMoved] = useState<{ ids: string[]; until: string | null }>({ ids: [], until: null });
  const undoSecondsLeft = useSecondsLeft(moved.until);
  // The filtered count from the list's stats (same filters as the rows the server pages).
  const total = list.stats.data?.total;
  const onSelected = selection.count > 0;
  if (!canRunSelection || (total === undefined && !onSelected)) return null;
  const count = onSelected ? selection.count : (total ?? 0);
  const what = applicationsText(count, onSelected);
  const tooMany = count > BULK_MAX;

  /** The ids of every row the filters show (at most BULK_MAX), page by page. */
  async function filteredIds(): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(list.filterQuery);
      params.set("limit", "100");
      if (cursor) params.set("cursor", cursor);
      const page: ListPage<ApplicationListRow> = await request(`/api/admin/applications?${params.toString()}`);
      ids.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor && ids.length < BULK_MAX);
    return ids;
  }

  async function run() {
    setPending(true);
    setOutcome(null);
    try {
      const ids = onSelected ? [...selection.ids] : await filteredIds();
      const result = await request<BulkActionResult>("/api/admin/applications/bulk", {
        method: "POST",
        body: { action, ids, ...(action === "assign_owner" ? { owner: owner || null } : {}) },
      });
      const refused = result.refused.length ? ` Left as they were: ${refusedText(result.refused)}.` : "";
      setOutcome(`Done for ${result.done} ${result.done === 1 ? "application" : "applications"}.${refused}`);
      const refusedIds = new Set(result.refused.map((r) => r.id));
      setMoved(result.undoUntil ? { ids: ids.filter((one) => !refusedIds.has(one)), until: result.undoUntil } : { ids: [], until: null });
      // The picked rows have been acted on; the next action starts from the filtered list again.
      if (onSelected) selection.clear();
      await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
    } catch (caught) {
      setOutcome(errorText(caught, "The bulk action did not go through. Please try again."));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  }

  async function undoAll() {
    setPending(true);
    try {
      const result = await request<BulkActionResult>("/api/admin/applications/bulk", { method: "POST", body: { action: "undo", ids: moved.ids } });
      setOutcome(undoOutcomeText(result));
      setMoved({ ids: [], until: null });
      await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
    } catch (caught) {
      setOutcome(errorText(caught, "The undo did not go through. Please try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <h3 id={`${id}-heading`} className="font-semibold text-ink">
        Bulk action on the applications shown
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        {onSelected
          ? `On the ${what} in the table below.`
          : `On the ${what} the filters show. Tick rows in the table to act on those only.`}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={`${id}-action`}>Action</Label>
          <select id={`${id}-action`} className={`${fieldControlClass} mt-1 h-11`} value={action} onChange={(e) => setAction(e.target.value as Action)}>
            {(Object.keys(ACTIONS) as Action[]).map((value) => (
              <option key={value} value={value}>
                {ACTIONS[value].label}
              </option>
            ))}
          </select>
        </div>
        {action === "assign_owner" ? (
          <div>
            <Label htmlFor={`${id}-owner`}>Owner</Label>
            <OwnerSelect id={`${id}-owner`} className="w-64" value={owner} onChange={setOwner} />
          </div>
        ) : null}
        <Button type="button" variant="outline" disabled={pending || count === 0 || tooMany} onClick={() => setConfirming(true)}>
          Apply to {what}
        </Button>
      </div>
      {tooMany ? <p className="mt-2 text-sm text-ink-muted">{onSelected ? "Select" : "Narrow the filters to"} at most {BULK_MAX.toLocaleString("en-US")} applications.</p> : null}
      {outcome ? (
        <output className="mt-2 block text-sm text-ink">{outcome}</output>
      ) : null}
      {moved.ids.length > 0 && undoSecondsLeft > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-brand-soft p-3">
          <p className="text-sm text-ink">
            Their emails wait {undoSecondsLeft} more second{undoSecondsLeft === 1 ? "" : "s"}.
          </p>
          <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => void undoAll()}>
            Undo this action ({applicationsText(moved.ids.length, false)})
          </Button>
        </div>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{ACTIONS[action].verb(what)}</AlertDialogTitle>
            <AlertDialogDescription>
              Each application is changed on its own: one history entry each.{" "}
              {ACTIONS[action].email
                ? `Each one moved is sent ${ACTIONS[action].email}; the emails are held for the undo window (a minute by default), and Undo takes the whole action back until they go.`
                : "No email is sent."}{" "}
              Applications the stage table or the place count does not allow are left as they are and listed afterwards.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button onClick={() => void run()} disabled={pending}>
              {pending ? "Working…" : `Yes, ${applicationsText(count, false)}`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
