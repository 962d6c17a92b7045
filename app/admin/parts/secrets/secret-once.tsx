/** A secret (webhook signing secret, API key) shown this once, in a read-only field ready to copy. */
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export function SecretOnce({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3">
      <Alert>
        <AlertTitle>Copy it now</AlertTitle>
        <AlertDescription>{hint} It is not shown again.</AlertDescription>
      </Alert>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} data-testid="secret-once" />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}

/** Field messages of a 400 answer, by field name. */
export function fieldMessages(error: unknown): Record<string, string[]> {
  const errors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors;
  return errors ?? {};
}
