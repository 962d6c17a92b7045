/**
 * Bulk actions on every application the list's filters show (admins): invite to the assessment, put on
 * the waitlist, or assign an owner. A confirmation names the count; each applicant is then moved on
 * its own (one history row and one email each, the same place rule), and the refused are listed.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ApplicationListRow, ListPage } from "#core/contracts/lists";
import { BULK_MAX, type BulkActionResult } from "#core/contracts/pipeline";
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
import { fieldControlClass, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useAuth } from "../auth";
import { errorText, useAuthedRequest } from "../hooks";
import { type FilterDef, filterParams } from "../lists/use-server-list";

type Action = "invite" | "waitlist" | "assign_owner";

const ACTIONS: Record<Action, { label: string; verb: (n: number) => string }> = {
  invite: { label: "Invite to the assessment", verb: (n) => `Invite ${n} applications to the assessment?` },
  waitlist: { label: "Put on the waitlist", verb: (n) => `Put ${n} applications on the waitlist?` },
  assign_owner: { label: "Assign an owner", verb: (n) => `Assign ${n} applications to a new owner?` },
};

export interface BulkActionsProps {
  filters: readonly FilterDef[];
  filterValues: Readonly<Record<string, string>>;
  /** The filtered count (the list's stats). */
  total: number | undefined;
}

export function BulkActions({ filters, filterValues, total }: BulkActionsProps) {
  const { canDeleteData } = useAuth();
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const id = useId();
  const [action, setAction] = useState<Action>("invite");
  const [owner, setOwner] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!canDeleteData || total === undefined) return null;
  const tooMany = total > BULK_MAX;

  async function run() {
    setPending(true);
    setOutcome(null);
    try {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const params = filterParams(filters, filterValues);
        params.set("limit", "100");
        if (cursor) params.set("cursor", cursor);
        const page: ListPage<ApplicationListRow> = await request(`/api/admin/applications?${params.toString()}`);
        ids.push(...page.rows.map((row) => row.id));
        cursor = page.nextCursor;
      } while (cursor && ids.length < BULK_MAX);
      const result = await request<BulkActionResult>("/api/admin/applications/bulk", {
        method: "POST",
        body: { action, ids, ...(action === "assign_owner" ? { owner: owner.trim() || null } : {}) },
      });
      const refused = result.refused.length ? ` Left as they were: ${result.refused.length} (${[...new Set(result.refused.map((r) => r.message))].slice(0, 3).join("; ")}).` : "";
      setOutcome(`Done for ${result.done} applications.${refused}`);
      await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
    } catch (caught) {
      setOutcome(errorText(caught, "The bulk action did not go through. Please try again."));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <h3 id={`${id}-heading`} className="font-semibold text-ink">
        Bulk action on the applications shown
      </h3>
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
            <Label htmlFor={`${id}-owner`}>Owner (staff username; empty: nobody)</Label>
            <Input id={`${id}-owner`} className="mt-1 w-56" value={owner} onChange={(e) => setOwner(e.target.value)} maxLength={100} />
          </div>
        ) : null}
        <Button type="button" variant="outline" disabled={pending || total === 0 || tooMany} onClick={() => setConfirming(true)}>
          Apply to {total.toLocaleString("en-US")} applications
        </Button>
      </div>
      {tooMany ? <p className="mt-2 text-sm text-ink-muted">Narrow the filters to at most {BULK_MAX.toLocaleString("en-US")} applications.</p> : null}
      {outcome ? (
        <output className="mt-2 block text-sm text-ink">{outcome}</output>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{ACTIONS[action].verb(total)}</AlertDialogTitle>
            <AlertDialogDescription>
              Each application is changed on its own: one history entry and, for a stage move, one email each. Applications the
              stage table or the place count does not allow are left as they are and listed afterwards.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button onClick={() => void run()} disabled={pending}>
              {pending ? "Working…" : `Yes, ${total.toLocaleString("en-US")} applications`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
