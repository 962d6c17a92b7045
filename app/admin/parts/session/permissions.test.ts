import { describe, expect, it } from "vitest";
import { canDeleteData, canManageUsers, canReorderWaitlist, canRunSelection, canViewDashboard } from "./permissions";

const table = (check: (role: string | null) => boolean) => ["user", "coordinator", "admin", "super_admin", "nobody", null].map(check);

describe("admin permissions", () => {
  it("let coordinators, admins and super admins run the selection, and only super admins reorder the waitlist", () => {
    expect(table(canRunSelection)).toEqual([false, true, true, true, false, false]);
    expect(table(canReorderWaitlist)).toEqual([false, false, false, true, false, false]);
  });

  it("give a coordinator the dashboard but nothing destructive and no staff management (ADR 0089)", () => {
    expect(table(canViewDashboard)).toEqual([true, true, true, true, false, false]);
    expect(table(canDeleteData)).toEqual([false, false, true, true, false, false]);
    expect(table(canManageUsers)).toEqual([false, false, false, true, false, false]);
  });
});
