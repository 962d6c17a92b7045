/**
 * The sign-in steps after the password (docs/requirements.md §4): a new first password, the second
 * factor (authenticator code, passkey or recovery code), the enrolment of a first factor, and the
 * recovery codes shown once. Each step posts to the API with the cookie session and hands the answer
 * to the session (`stepDone`).
 */
import { type FormEvent, useState } from "react";
import { brand } from "#core/brand";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { apiRequest } from "~/lib/api-client";
import { COOKIE_SESSION } from "#core/staff-request";
import type { LoginResponse } from "#core/contracts/auth";
import type { EnrolmentResult, TotpEnrolment } from "#core/contracts/factors";
import { useAuth } from "../../parts/session/auth";
import { enrolPasskey, passkeysSupported, signInWithPasskey } from "./passkey";
import { QrCode } from "./qr-code";
import { fieldErrorOf, StepCard, StepFailure, stepErrorText } from "./step-parts";

function post<T>(path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(path, { method: "POST", body, token: COOKIE_SESSION });
}

function formValue(event: FormEvent<HTMLFormElement>, name: string): string {
  return String(new FormData(event.currentTarget).get(name) ?? "");
}

function CancelSignIn() {
  const { logout } = useAuth();
  return (
    <Button type="button" variant="ghost" className="mt-4 w-full" onClick={() => void logout()}>
      Cancel and sign out
    </Button>
  );
}

/** A form of one code field: `onCode` posts it and returns the step's answer. */
function CodeForm(props: { id: string; label: string; hint: string; autoComplete: string; inputMode: "numeric" | "text"; submitText: string; onCode: (code: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = formValue(event, "code").trim();
    if (!code) {
      setFieldError("Code is required");
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      await props.onCode(code);
    } catch (failure) {
      const message = fieldErrorOf(failure, "code");
      if (message) setFieldError(message);
      else setError(stepErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-5 space-y-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Field id={props.id} label={props.label} hint={props.hint} error={fieldError}>
        {(control) => (
          <Input {...control} name="code" autoComplete={props.autoComplete} inputMode={props.inputMode} spellCheck={false} />
        )}
      </Field>
      <StepFailure message={error} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Checking..." : props.submitText}
      </Button>
    </form>
  );
}

function ChangePasswordStep() {
  const { stepDone } = useAuth();
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newPassword = formValue(event, "newPassword");
    const confirm = formValue(event, "confirm");
    if (newPassword !== confirm) {
      setErrors({ confirm: "The two passwords are not the same" });
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      stepDone(await post<LoginResponse>("/api/auth/password", { newPassword }));
    } catch (error) {
      const message = fieldErrorOf(error, "newPassword");
      if (message) setErrors({ newPassword: message });
      else setFailure(stepErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepCard title="Choose your password" intro="The password you were given works once. Choose your own: at least 8 characters with an uppercase letter, a lowercase letter and a number, and not a common one.">
      <form className="mt-5 space-y-4" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field id="first-new-password" label="New password" error={errors.newPassword}>
          {(control) => <Input {...control} name="newPassword" type="password" autoComplete="new-password" />}
        </Field>
        <Field id="first-confirm-password" label="Repeat the new password" error={errors.confirm}>
          {(control) => <Input {...control} name="confirm" type="password" autoComplete="new-password" />}
        </Field>
        <StepFailure message={failure} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save password"}
        </Button>
      </form>
      <CancelSignIn />
    </StepCard>
  );
}

function SecondFactorStep() {
  const { stepDone } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [passkeyFailure, setPasskeyFailure] = useState<string | null>(null);
  const onPasskey = async () => {
    setPasskeyFailure(null);
    try {
      stepDone(await signInWithPasskey());
    } catch (error) {
      setPasskeyFailure(stepErrorText(error));
    }
  };
  return (
    <StepCard
      title="Confirm it is you"
      intro={useRecovery ? "Enter one of the recovery codes you saved. Each works once." : "Enter the 6-digit code from your authenticator app, or use your passkey."}
    >
      {useRecovery ? (
        <CodeForm
          key="recovery"
          id="sign-in-recovery-code"
          label="Recovery code"
          hint="For example 1a2b-3c4d-..."
          autoComplete="off"
          inputMode="text"
          submitText="Use recovery code"
          onCode={async (code) => stepDone(await post<LoginResponse>("/api/auth/recovery-code", { code }))}
        />
      ) : (
        <CodeForm
          key="totp"
          id="sign-in-totp"
          label="Authentication code"
          hint="6 digits from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          submitText="Verify"
          onCode={async (code) => stepDone(await post<LoginResponse>("/api/auth/totp", { code }))}
        />
      )}
      <div className="mt-4 flex flex-col gap-2">
        {passkeysSupported() ? (
          <Button type="button" variant="outline" onClick={() => void onPasskey()}>
            Use a passkey
          </Button>
        ) : null}
        <StepFailure message={passkeyFailure} />
        <Button type="button" variant="ghost" onClick={() => setUseRecovery((value) => !value)}>
          {useRecovery ? "Use the authenticator app instead" : "Use a recovery code"}
        </Button>
      </div>
      <CancelSignIn />
    </StepCard>
  );
}

/** Enrolment of an authenticator app and/or a passkey; used at sign-in and from the admin. */
export function EnrolFactor({ onEnrolled }: { onEnrolled: (answer: EnrolmentResult) => void }) {
  const [totp, setTotp] = useState<TotpEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const startTotp = async () => {
    setFailure(null);
    try {
      setTotp(await post<TotpEnrolment>("/api/factors/totp"));
    } catch (error) {
      setFailure(stepErrorText(error));
    }
  };
  const onPasskey = async () => {
    setFailure(null);
    try {
      onEnrolled(await enrolPasskey("Passkey"));
    } catch (error) {
      setFailure(stepErrorText(error));
    }
  };
  return (
    <div className="mt-5 space-y-4">
      {passkeysSupported() ? (
        <Button type="button" className="w-full" onClick={() => void onPasskey()}>
          Create a passkey on this device
        </Button>
      ) : null}
      {totp ? (
        <section aria-labelledby="totp-setup-title" className="space-y-3 rounded-lg border border-line p-4">
          <h2 id="totp-setup-title" className="font-semibold text-ink">
            Authenticator app
          </h2>
          <p className="text-sm text-ink-muted">
            In your authenticator app, add an account: scan this QR code, or type the key below it (or open the link on the phone that has the app).
          </p>
          <QrCode text={totp.uri} label="QR code of the authenticator key" className="h-48 w-48 rounded border border-line" />
          <p className="break-all rounded bg-canvas p-2 font-mono text-sm text-ink" data-testid="totp-secret">
            {totp.secret.match(/.{1,4}/g)?.join(" ")}
          </p>
          <p className="text-sm">
            <a className="text-brand underline" href={totp.uri}>
              Open in an authenticator app
            </a>
          </p>
          <CodeForm
            id="enrol-totp-code"
            label="Code from the app"
            hint="6 digits, to check the app is set up"
            autoComplete="one-time-code"
            inputMode="numeric"
            submitText="Confirm"
            onCode={async (code) => onEnrolled(await post<EnrolmentResult>("/api/factors/totp/confirm", { code }))}
          />
        </section>
      ) : (
        <Button type="button" variant="outline" className="w-full" onClick={() => void startTotp()}>
          Set up an authenticator app
        </Button>
      )}
      <StepFailure message={failure} />
    </div>
  );
}

function EnrolStep() {
  const { stepDone } = useAuth();
  return (
    <StepCard title="Add a second factor" intro="Staff accounts sign in with a password and a second factor. Create a passkey on this device, or set up an authenticator app.">
      <EnrolFactor onEnrolled={stepDone} />
      <CancelSignIn />
    </StepCard>
  );
}

const RECOVERY_CODES_FILE = "ovella-recovery-codes.txt";

/** The codes as a plain-text file (or clipboard text): a line saying what they are, then one code a line. */
function recoveryCodesText(codes: readonly string[]): string {
  return [`${brand.name} staff recovery codes: each signs you in once.`, "", ...codes, ""].join("\n");
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      setStatus("The recovery codes were copied to the clipboard.");
    } catch {
      setStatus("The codes could not be copied: select them and copy, or download them.");
    }
  };
  const download = () => {
    downloadText(RECOVERY_CODES_FILE, recoveryCodesText(codes));
    setStatus(`The recovery codes were saved as ${RECOVERY_CODES_FILE}.`);
  };
  return (
    <StepCard title="Save your recovery codes" intro="If you lose your phone or passkey, each of these codes signs you in once. They are shown only now: print them or keep them in a password manager.">
      <ol className="mt-5 grid grid-cols-1 gap-1 rounded-lg border border-line bg-canvas p-4 font-mono text-sm text-ink sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download codes
        </Button>
      </div>
      <output aria-live="polite" className="mt-2 block min-h-5 text-sm text-ink-muted">
        {status}
      </output>
      <label className="mt-4 flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
        I have saved these codes
      </label>
      <Button type="button" className="mt-4 w-full" disabled={!saved} onClick={onDone}>
        Continue to the admin
      </Button>
    </StepCard>
  );
}

/** The step a sign-in in progress owes, or the recovery codes of its first factor. */
export function SignInSteps() {
  const { pending, recoveryCodes, acknowledgeRecoveryCodes } = useAuth();
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={acknowledgeRecoveryCodes} />;
  if (!pending) return null;
  if (pending.step === "change_password") return <ChangePasswordStep />;
  if (pending.step === "second_factor") return <SecondFactorStep />;
  return <EnrolStep />;
}
