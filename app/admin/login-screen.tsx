import { useState } from "react";
import { useForm } from "react-hook-form";
import type { LoginInput } from "#core/validation";
import { brand } from "#core/brand";
import { lazyResolver } from "~/components/forms/lazy-resolver";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError } from "~/lib/api-client";
import { useAuth } from "./auth";

/** "45 seconds", "2 minutes" */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The message shown for a failed sign-in (spec §8). */
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

export function LoginScreen() {
  const { login, notice } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: lazyResolver((resolvers) => resolvers.loginResolver), defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values.username, values.password);
    } catch (error) {
      setFailure(loginErrorText(error));
    }
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <p className="font-display text-lg font-semibold text-brand">{brand.name}</p>
        <h1 className="mt-1 font-display text-2xl font-semibold text-ink">Staff sign in</h1>
        <p className="mt-1 text-sm text-ink-muted">Sign in to review applications and messages.</p>
        {notice ? (
          <Alert className="mt-5">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        ) : null}
        <form className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
          <Field id="login-username" label="Username" error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...register("username")} />}
          </Field>
          <Field id="login-password" label="Password" error={errors.password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" {...register("password")} />}
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
