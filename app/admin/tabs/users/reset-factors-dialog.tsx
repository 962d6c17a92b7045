/** A super admin removes a member's second factors (a lost phone); she enrols again at her next sign-in. */
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import type { StaffUser } from "#core/contracts/users";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";

export function ResetFactorsDialog({ user, onDone }: { user: StaffUser; onDone: (message: string) => void }) {
  const request = useAuthedRequest();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      await request(`/api/users/${user.id}/factors`, { method: "DELETE" });
      onDone(`Second factors of ${user.username} removed. They set up a new one at their next sign-in.`);
    } catch (error) {
      onDone(errorText(error, `Could not reset the second factors of ${user.username}.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Reset 2FA for ${user.username}`} disabled={busy}>
          Reset 2FA
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset the second factors of {user.username}?</AlertDialogTitle>
          <AlertDialogDescription>
            Their passkeys, authenticator app and recovery codes stop working and their sessions end. Do this only after
            checking who is asking. The change is recorded in the audit log.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button onClick={() => void reset()}>Reset second factors</Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
