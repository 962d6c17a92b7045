/**
 * The owner picker of the selection (record page, bulk actions): "Nobody" and the active staff of
 * GET /api/admin/staff-directory, each with her role. An owner kept from before who is no longer active staff
 * (or an old free-text name) is shown as the current value, marked, and cannot be chosen again (ADR 0089).
 */
import { useQuery } from "@tanstack/react-query";
import type { StaffDirectoryEntry } from "#core/contracts/users";
import { ROLE_LABELS } from "#core/options";
import { fieldControlClass } from "~/components/ui/input";
import { errorText, useAuthedRequest } from "./session/hooks";

export interface OwnerSelectProps {
  id: string;
  /** A username, or "" for nobody. */
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

export function OwnerSelect({ id, value, onChange, className = "" }: OwnerSelectProps) {
  const request = useAuthedRequest();
  const staff = useQuery<StaffDirectoryEntry[]>({
    queryKey: ["admin-staff-directory"],
    queryFn: ({ signal }) => request("/api/admin/staff-directory", { signal }),
    staleTime: 60_000,
  });
  const listed = staff.data?.some((member) => member.username.toLowerCase() === value.toLowerCase()) ?? false;
  return (
    <>
      <select
        id={id}
        className={`${fieldControlClass} mt-1 h-11 ${className}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={staff.isError ? `${id}-error` : undefined}
      >
        <option value="">Nobody</option>
        {value && !listed ? (
          <option value={value} disabled>
            {staff.data ? `${value} (not an active staff member)` : value}
          </option>
        ) : null}
        {staff.data?.map((member) => (
          <option key={member.username} value={member.username}>
            {member.username} ({ROLE_LABELS[member.role]})
          </option>
        ))}
      </select>
      {staff.isError ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {errorText(staff.error, "The staff list could not be loaded.")}
        </p>
      ) : null}
    </>
  );
}
