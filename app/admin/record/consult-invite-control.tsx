/**
 * "Let her book a consult" (ADR 0100): before she passed the assessment, selection staff open booking to her; her page
 * then offers the free slots and one email tells her. Once done, the record says since when.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationDetail } from "#core/contracts/lists";
import { WITHDRAWABLE, isStage } from "#core/pipeline/stages";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "../parts/format";
import { errorText, useAuthedRequest } from "../parts/session/hooks";

export function ConsultInviteControl({ id, detail, recordKey }: { id: string; detail: ApplicationDetail; recordKey: readonly unknown[] }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: () => request<{ invitedAt: string; sent: boolean }>(`/api/admin/applications/${encodeURIComponent(id)}/consult-invite`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey }),
  });
  const stage = detail.stage;
  if (stage === "assessment_passed" || !isStage(stage) || !WITHDRAWABLE.includes(stage)) return null;
  const invitedAt = (detail.record as { consult_invited_at?: string | null }).consult_invited_at ?? invite.data?.invitedAt ?? null;
  return (
    <div className="mt-4 grid gap-2 border-t border-line pt-4">
      {invitedAt ? (
        <p className="text-sm text-ink-muted">She may book a consult from her page (since {formatDateTime(invitedAt)}).</p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">Passing the assessment lets her book a consult from her page. To let her book now, open it here: she is emailed the link.</p>
          <div>
            <Button type="button" variant="outline" disabled={invite.isPending} onClick={() => invite.mutate()}>
              {invite.isPending ? "Opening…" : "Let her book a consult"}
            </Button>
          </div>
        </>
      )}
      {invite.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(invite.error, "Booking was not opened to her. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
