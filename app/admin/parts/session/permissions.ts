/** Role rules of the admin (docs/requirements.md §6). A role check is false when nobody is signed in. */
import { ROLES, type Role } from "#core/options";

export const DASHBOARD_ROLES: readonly Role[] = ROLES;
const DELETE_ROLES: readonly Role[] = ["admin", "super_admin"];
const USER_ADMIN_ROLES: readonly Role[] = ["super_admin"];
/**
 * Acting on the pilot's selection: stage moves (the board's and the bulk actions' too), adding notes, owners and
 * offers (the server's ROLES_THAT_RUN_SELECTION, ADR 0089). Removing a note is deleting: DELETE_ROLES.
 */
const SELECTION_ROLES: readonly Role[] = ["coordinator", "admin", "super_admin"];
/** Moving an applicant up or down the waitlist (the server's `superAdmins` rule on `waitlist-move`). */
const WAITLIST_ORDER_ROLES: readonly Role[] = ["super_admin"];

function isRole(role: string | undefined | null): role is Role {
  return typeof role === "string" && (ROLES as readonly string[]).includes(role);
}

export function canViewDashboard(role: string | undefined | null): boolean {
  return isRole(role) && DASHBOARD_ROLES.includes(role);
}

export function canDeleteData(role: string | undefined | null): boolean {
  return isRole(role) && DELETE_ROLES.includes(role);
}

export function canManageUsers(role: string | undefined | null): boolean {
  return isRole(role) && USER_ADMIN_ROLES.includes(role);
}

export function canRunSelection(role: string | undefined | null): boolean {
  return isRole(role) && SELECTION_ROLES.includes(role);
}

export function canReorderWaitlist(role: string | undefined | null): boolean {
  return isRole(role) && WAITLIST_ORDER_ROLES.includes(role);
}

export function roleBadgeVariant(role: string): "destructive" | "default" | "secondary" {
  if (role === "super_admin") return "destructive";
  if (role === "admin") return "default";
  return "secondary";
}
