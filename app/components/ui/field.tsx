import type * as React from "react";
import { cn } from "./cn";
import { Label } from "./label";

/** Attributes a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  "aria-required": boolean | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  /** Validation message shown under the control and linked with aria-describedby. */
  error?: string;
  className?: string;
  labelClassName?: string;
  /** Extra content on the label row (for example a toggle link). */
  labelAside?: React.ReactNode;
  children: (control: FieldControlProps) => React.ReactNode;
}

export function fieldErrorId(id: string) {
  return `${id}-error`;
}

/** A labelled form field: label, control, optional hint and an announced, linked error message. */
export function Field({ id, label, required, hint, error, className, labelClassName, labelAside, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? fieldErrorId(id) : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id} required={required} className={labelClassName}>
          {label}
        </Label>
        {labelAside}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": required || undefined })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a.75.75 0 011.5 0v4a.75.75 0 01-1.5 0v-4zM10 14.75a1 1 0 100-2 1 1 0 000 2z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}
