/** Role rules of the admin (docs/requirements.md §6). A role check is false when nobody is signed in. */
import { ROLES, type Role } from "#core/options";

export const DASHBOARD_ROLES: readonly Role[] = ROLES;
const DELETE_ROLES: readonly Role[] = ["admin", "super_admin"];
const USER_ADMIN_ROLES: readonly Role[] = ["super_admin"];
/** Stage moves, notes and bulk actions of the pilot's selection (the server's `admins` rule). */
const PIPELINE_ROLES: readonly Role[] = ["admin", "super_admin"];
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

export function canRunBulkActions(role: string | undefined | null): boolean {
  return isRole(role) && PIPELINE_ROLES.includes(role);
}

export function canReorderWaitlist(role: string | undefined | null): boolean {
  return isRole(role) && WAITLIST_ORDER_ROLES.includes(role);
}

export function roleBadgeVariant(role: string): "destructive" | "default" | "secondary" {
  if (role === "super_admin") return "destructive";
  if (role === "admin") return "default";
  return "secondary";
}
