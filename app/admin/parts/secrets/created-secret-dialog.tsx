/**
 * "Create, then show the secret once": the dialog behind Add endpoint (a webhook's signing secret) and Create key
 * (an API key). It owns what both share: open/close (never closed while the request runs), submit, the answer's
 * field errors and other failure, and the copy-once panel that replaces the form. The caller owns its fields.
 */
import { type ReactNode, useState } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { errorText } from "../session/hooks";
import { fieldMessages, SecretOnce } from "./secret-once";

export type FieldErrors = Record<string, string[]>;

export interface CreatedSecretDialogProps {
  /** The trigger's text, also the submit button's. */
  action: string;
  /** The submit button's text while the request runs, for example "Adding…". */
  busyAction: string;
  title: string;
  description: ReactNode;
  /** Title and description once the secret is shown. */
  createdTitle: string;
  createdDescription: ReactNode;
  /** The copy-once panel: its input's id and label, and what to do with the secret. */
  secret: { id: string; label: string; hint: string };
  /** The failure shown when the server gives no message. */
  fallbackError: string;
  /** Sends the form; answers the secret to show. */
  create: () => Promise<string>;
  onCreated: () => Promise<void>;
  /** Puts the caller's fields back to their defaults (on close). */
  onReset: () => void;
  /** The form's fields, given the answer's field errors. */
  children: (errors: FieldErrors) => ReactNode;
}

/**
 * The end of a dialog's form: the failure the answer gave (other than field errors), then Cancel (or `back`) and
 * the submit button, both held while the request runs.
 */
export function FormEnd({
  failure,
  busy,
  submit,
  submitVariant,
  back,
}: {
  failure: string | null;
  busy: boolean;
  submit: string;
  submitVariant?: "default" | "destructive";
  /** In place of Cancel (which closes the dialog): a button that goes back a step. */
  back?: { label: string; onClick: () => void };
}) {
  return (
    <>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        {back ? (
          <Button type="button" variant="outline" disabled={busy} onClick={back.onClick}>
            {back.label}
          </Button>
        ) : (
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
        )}
        <Button type="submit" variant={submitVariant} disabled={busy}>
          {submit}
        </Button>
      </DialogFooter>
    </>
  );
}

export function CreatedSecretDialog({
  action,
  busyAction,
  title,
  description,
  createdTitle,
  createdDescription,
  secret: panel,
  fallbackError,
  create,
  onCreated,
  onReset,
  children,
}: CreatedSecretDialogProps) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      setSecret(await create());
      await onCreated();
    } catch (error) {
      const fields = fieldMessages(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorText(error, fallbackError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) return;
        setErrors({});
        setFailure(null);
        setSecret(null);
        onReset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">{action}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{secret ? createdTitle : title}</DialogTitle>
          <DialogDescription>{secret ? createdDescription : description}</DialogDescription>
        </DialogHeader>
        {secret ? (
          <>
            <SecretOnce id={panel.id} label={panel.label} value={secret} hint={panel.hint} />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <form className="space-y-4" noValidate onSubmit={(event) => void submit(event)}>
            {children(errors)}
            <FormEnd failure={failure} busy={busy} submit={busy ? busyAction : action} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
