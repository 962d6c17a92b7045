import { useState, type RefObject } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
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
import { isUnauthorized } from "./session/query";
import { errorText } from "./session/hooks";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What is about to be deleted, e.g. "The application from Ada Lovelace will be deleted." */
  subject: string;
  /** The catalogue's fallback text when the server gives no message. */
  fallbackError: string;
  onConfirm: () => Promise<unknown>;
  /** Where focus goes when the dialog closes: the button that opened it, or else a stable fallback. */
  returnFocus?: HTMLElement | null;
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

/** Delete confirmation (docs/requirements.md §8): "This action cannot be undone."; failures stay in the dialog. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  subject,
  fallbackError,
  onConfirm,
  returnFocus,
  fallbackFocusRef,
}: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (caught) {
      setPending(false);
      if (isUnauthorized(caught)) return;
      setError(errorText(caught, fallbackError));
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.isConnected ? returnFocus : fallbackFocusRef?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {subject} This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Delete failed</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
