/** "Erase everything about this address": a destructive dialog that asks for the address to be typed again. */
import { useId, useState } from "react";
import { ERASE_CONFIRMATION_MESSAGE } from "#core/privacy";
import { Alert, AlertDescription } from "~/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { errorText } from "../../parts/session/hooks";
import { useErase } from "./api";
import type { ErasureAnswer, SubjectCounts } from "#core/contracts/privacy";

/** " (with their 3 selection step(s), 1 staff note(s) and 1 place offer(s))", or nothing when there are none. */
export function selectionText(counts: { stageHistory: number; notes: number; offers: number }): string {
  if (counts.stageHistory + counts.notes + counts.offers === 0) return "";
  return ` (with their ${counts.stageHistory} selection step(s), ${counts.notes} staff note(s) and ${counts.offers} place offer(s))`;
}

export function EraseDialog({ email, counts, onErased }: { email: string; counts: SubjectCounts; onErased: (answer: ErasureAnswer) => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const erase = useErase();
  const id = useId();
  const matches = typed.trim().toLowerCase() === email;

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setError(ERASE_CONFIRMATION_MESSAGE);
      document.getElementById(id)?.focus();
      return;
    }
    setFailure(null);
    try {
      const answer = await erase.mutateAsync({ email, confirmation: typed });
      setOpen(false);
      onErased(answer);
    } catch (cause) {
      setFailure(errorText(cause, "Failed to erase"));
    }
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTyped("");
        setError(undefined);
        setFailure(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Erase everything about this address</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Erase everything about {email}?</AlertDialogTitle>
            <AlertDialogDescription>
              {counts.applications} application(s){selectionText(counts)}, {counts.contactMessages} contact message(s) and{" "}
              {counts.emails} email(s) are deleted in one step, and the address is removed from the audit log and from privacy requests. The audit log keeps
              that you erased a person, with a keyed hash of the address. This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <Field id={id} label="Type the email address to confirm" required error={error}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={typed}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={erase.isPending}>
              {erase.isPending ? "Erasing..." : "Erase for good"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
