import { type FormEvent, useRef, useState } from "react";
import type { LoginInput } from "#core/validation";
import { brand } from "#core/brand";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError } from "~/lib/api-client";
import { useAuth } from "../parts/session/auth";

/** "45 seconds", "2 minutes" */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The message shown for a failed sign-in (docs/requirements.md §8). */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfterSeconds;
      return wait
        ? `Too many sign-in attempts. Please wait ${waitText(wait)} before trying again.`
        : "Too many sign-in attempts. Please wait a few minutes before trying again.";
    }
    return error.serverMessage ?? "Login failed";
  }
  if (error instanceof Error) return error.message || "Login failed";
  return "An unexpected error occurred during login.";
}

type LoginField = keyof LoginInput;
type LoginErrors = Partial<Record<LoginField, string>>;
const LOGIN_FIELDS: readonly LoginField[] = ["username", "password"];

let validation: Promise<typeof import("#core/validation")> | null = null;

/** The shared schemas, loaded on the first submit (the sign-in screen's first load carries no validator). */
function loadValidation() {
  validation ??= import("#core/validation").catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

/**
 * Checks the values with the shared login schema: the parsed values (username trimmed) or the first
 * message of each invalid field. Should the validator not load (a dropped connection), the values go
 * to the server, which checks them with the same schema.
 */
export async function checkLogin(values: LoginInput): Promise<{ values: LoginInput; errors: LoginErrors }> {
  let schema: (typeof import("#core/validation"))["loginSchema"];
  try {
    schema = (await loadValidation()).loginSchema;
  } catch {
    return { values, errors: {} };
  }
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "username" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return { values, errors };
}

/** `hiddenWhileSessionStored`: the server's first paint, hidden by a style rule when a session is stored (./admin-app). */
export function LoginScreen({ hiddenWhileSessionStored = false }: { hiddenWhileSessionStored?: boolean }) {
  const { login, notice } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // After a first submit, fields are checked again as they change (the message goes once fixed).
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  const read = (): LoginInput => {
    const data = new FormData(form.current ?? undefined);
    return { username: String(data.get("username") ?? ""), password: String(data.get("password") ?? "") };
  };

  const onChange = () => {
    if (!submitted.current) return;
    void checkLogin(read()).then((result) => setErrors(result.errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    submitted.current = true;
    setIsSubmitting(true);
    try {
      const checked = await checkLogin(read());
      setErrors(checked.errors);
      const firstInvalid = LOGIN_FIELDS.find((field) => checked.errors[field]);
      if (firstInvalid) {
        form.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      setFailure(null);
      try {
        await login(checked.values.username, checked.values.password);
      } catch (error) {
        setFailure(loginErrorText(error));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <main
      data-admin-sign-in={hiddenWhileSessionStored ? "" : undefined}
      className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10"
    >
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <p className="font-display text-lg font-semibold text-brand">{brand.name}</p>
        <h1 className="mt-1 font-display text-2xl font-semibold text-ink">Staff sign in</h1>
        <p className="mt-1 text-sm text-ink-muted">Sign in to review applications and messages.</p>
        {notice ? (
          <Alert className="mt-5">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        ) : null}
        <form ref={form} className="mt-6 space-y-4" noValidate onSubmit={(event) => void onSubmit(event)} onChange={onChange}>
          <Field id="login-username" label="Username" error={errors.username}>
            {(control) => <Input {...control} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />}
          </Field>
          <Field id="login-password" label="Password" error={errors.password}>
            {(control) => <Input {...control} name="password" type="password" autoComplete="current-password" />}
          </Field>
          {failure ? (
            <Alert variant="destructive">
              <AlertTitle>Sign-in failed</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Signing in..." : "Sign In"}
          </Button>
        </form>
      </div>
    </main>
  );
}
