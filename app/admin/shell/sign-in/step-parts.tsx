/** What the sign-in steps share: the card they sit in, and how a failed step reads. */
import { type ReactNode, useEffect, useRef } from "react";
import { brand } from "#core/brand";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { ApiError } from "~/lib/api-client";

/** A step's card; its heading takes focus when the step appears, so a screen reader announces where the sign-in stands. */
export function StepCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <p className="font-display text-lg font-semibold text-brand">{brand.name}</p>
        <h1 ref={heading} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold text-ink outline-none">
          {title}
        </h1>
        <div className="mt-1 text-sm text-ink-muted">{intro}</div>
        {children}
      </div>
    </main>
  );
}

export function StepFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className="mt-4">
      <AlertTitle>That did not work</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** The server's message of a refused step, or a plain one. */
export function stepErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return "This sign-in has expired. Please sign in again.";
    if (error.status === 429) return "Too many attempts. Please wait a few minutes before trying again.";
    return error.serverMessage ?? "Something went wrong. Please try again.";
  }
  if (error instanceof DOMException && error.name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** The first field message of a refused step, if the server named one. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
}
