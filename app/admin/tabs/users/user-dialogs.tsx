import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldPath, type FieldValues, type UseFormSetError, useForm } from "react-hook-form";
import { ROLES } from "#core/options";
import { newPasswordBodySchema, newUserSchema, type NewUserInput } from "#core/validation";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ApiError } from "~/lib/api-client";
import { useAuth } from "../../parts/session/auth";
import { errorText, useAuthedRequest } from "../../parts/session/hooks";
import { isUnauthorized, queryKeys } from "../../parts/session/query";
import type { z } from "zod";
import { type StaffUser, staffEmailRequestSchema } from "#core/contracts/users";

/** The Role choices of the Create User dialog: each role with what it may do (ADR 0089). */
const ROLE_CHOICES: Record<(typeof ROLES)[number], string> = {
  user: "User (view and export)",
  coordinator: "Coordinator (also moves stages, notes, owners, offers; deletes nothing)",
  admin: "Admin (also deletes and handles privacy requests)",
  super_admin: "Super admin (also manages staff, settings, webhooks, API keys)",
};

/** Puts the server's per-field messages (400 `errors`) on the form's fields; true if any matched. */
function applyFieldErrors<T extends FieldValues>(error: unknown, fields: readonly FieldPath<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: "server", message });
      matched = true;
    }
  }
  return matched;
}

/**
 * State shared by the staff dialogs: open/closed, the failure alert, and how a failed request is shown
 * (the server's 400 field messages on the fields, anything else in the dialog's destructive alert).
 */
function useFormDialog<T extends FieldValues>(options: {
  reset: () => void;
  setError: UseFormSetError<T>;
  isSubmitting: boolean;
  fields: readonly FieldPath<T>[];
  fallback: string;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    open,
    failure,
    clearFailure: () => setFailure(null),
    close: () => setOpen(false),
    onOpenChange: (next: boolean) => {
      if (options.isSubmitting) return;
      setOpen(next);
      if (!next) {
        options.reset();
        setFailure(null);
      }
    },
    fail: (error: unknown) => {
      if (isUnauthorized(error)) return;
      const onFields =
        error instanceof ApiError && error.status === 400 && applyFieldErrors(error, options.fields, options.setError);
      if (!onFields) setFailure(errorText(error, options.fallback));
    },
  };
}

export function CreateUserDialog() {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const form = useForm<NewUserInput>({
    resolver: zodResolver(newUserSchema),
    defaultValues: { username: "", password: "", role: "user", email: "" },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const dialog = useFormDialog<NewUserInput>({
    reset,
    setError,
    isSubmitting,
    fields: ["username", "password", "role", "email"],
    fallback: "Failed to create user",
  });

  const onSubmit = handleSubmit(async (values) => {
    dialog.clearFailure();
    try {
      await request<StaffUser>("/api/users", { method: "POST", body: values });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      reset();
      dialog.close();
    } catch (error) {
      dialog.fail(error);
    }
  });

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">Create User</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>New staff members sign in with this username and password once, then choose their own.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          <Field
            id="new-user-username"
            label="Username"
            required
            hint="3 to 50 letters, numbers or underscores."
            error={errors.username?.message}
          >
            {(control) => <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("username")} />}
          </Field>
          <Field
            id="new-user-password"
            label="Password"
            required
            hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
            error={errors.password?.message}
          >
            {(control) => <Input {...control} type="password" autoComplete="new-password" {...register("password")} />}
          </Field>
          <Field
            id="new-user-email"
            label="Work email (optional)"
            hint="Where the alerts about the applications she owns go. Leave empty for none."
            error={errors.email?.message}
          >
            {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} {...register("email")} />}
          </Field>
          <Field id="new-user-role" label="Role" error={errors.role?.message}>
            {(control) => (
              <Select {...control} {...register("role")}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_CHOICES[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <FormDialogEnd failureTitle="Could not create the user" failure={dialog.failure} isSubmitting={isSubmitting} submitLabel="Create User" busyLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type EmailForm = z.input<typeof staffEmailRequestSchema>;

/** A member's work address, where the alerts about the applications she owns go; empty clears it. */
export function ChangeEmailDialog({ user, onChanged }: { user: StaffUser; onChanged: (message: string) => void }) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm, unknown, z.output<typeof staffEmailRequestSchema>>({ resolver: zodResolver(staffEmailRequestSchema), defaultValues: { email: user.email ?? "" } });
  const dialog = useFormDialog<EmailForm>({ reset, setError, isSubmitting, fields: ["email"], fallback: "Failed to change the email" });
  const onSubmit = handleSubmit(async (values) => {
    dialog.clearFailure();
    try {
      const saved = await request<StaffUser>(`/api/users/${encodeURIComponent(user.id)}/email`, { method: "PUT", body: values });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      reset({ email: saved.email ?? "" });
      dialog.close();
      onChanged(saved.email ? `Alerts for ${user.username} go to ${saved.email}.` : `${user.username} gets no alerts by email now.`);
    } catch (error) {
      dialog.fail(error);
    }
  });
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Change email for ${user.username}`}>
          Email
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Work email</DialogTitle>
          <DialogDescription>
            Where the alerts about the applications {user.username} owns go: an answer to an offer, an expiry, a place given
            back. Leave empty for none.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          <Field id={`email-${user.id}`} label="Work email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} {...register("email")} />}
          </Field>
          <FormDialogEnd failureTitle="Could not change the email" failure={dialog.failure} isSubmitting={isSubmitting} submitLabel="Save" busyLabel="Saving..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface PasswordForm {
  newPassword: string;
}

export function ChangePasswordDialog({ user, onChanged }: { user: StaffUser; onChanged: (message: string) => void }) {
  const request = useAuthedRequest();
  const { user: me, expireSession } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ resolver: zodResolver(newPasswordBodySchema), defaultValues: { newPassword: "" } });
  const fieldId = `password-${user.id}`;
  const dialog = useFormDialog<PasswordForm>({
    reset,
    setError,
    isSubmitting,
    fields: ["newPassword"],
    fallback: "Failed to change password",
  });

  const onSubmit = handleSubmit(async (values) => {
    dialog.clearFailure();
    try {
      await request<void>(`/api/users/${encodeURIComponent(user.id)}/password`, { method: "PUT", body: values });
      reset();
      dialog.close();
      if (me?.id === user.id) {
        // Changing one's own password ends every session of that account, this one included.
        expireSession();
        return;
      }
      onChanged(`Password changed for ${user.username}.`);
    } catch (error) {
      dialog.fail(error);
    }
  });

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Change password for ${user.username}`}>
          Change password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>
            {me?.id === user.id
              ? "Set a new password for your account. Every session of it ends and you sign in again."
              : `Set a new password for ${user.username}. Their current sessions end; they sign in with it once, then choose their own.`}
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          <Field
            id={fieldId}
            label="New password"
            required
            hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
            error={errors.newPassword?.message}
          >
            {(control) => <Input {...control} type="password" autoComplete="new-password" {...register("newPassword")} />}
          </Field>
          <FormDialogEnd failureTitle="Could not change the password" failure={dialog.failure} isSubmitting={isSubmitting} submitLabel="Change password" busyLabel="Saving..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The end of a dialog's form: the server's refusal, if any, then Cancel and the submit button. */
function FormDialogEnd(props: { failureTitle: string; failure: string | null | undefined; isSubmitting: boolean; submitLabel: string; busyLabel: string }) {
  return (
    <>
      {props.failure ? (
        <Alert variant="destructive">
          <AlertTitle>{props.failureTitle}</AlertTitle>
          <AlertDescription>{props.failure}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={props.isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={props.isSubmitting}>
          {props.isSubmitting ? props.busyLabel : props.submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
