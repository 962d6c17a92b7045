import { describe, expect, it } from "vitest";
import { canDeleteData, canManageUsers, canReorderWaitlist, canRunBulkActions } from "./permissions";

const table = (check: (role: string | null) => boolean) => ["user", "admin", "super_admin", "nobody", null].map(check);

describe("admin permissions", () => {
  it("let admins and super admins run bulk actions, and only super admins reorder the waitlist", () => {
    expect(table(canRunBulkActions)).toEqual([false, true, true, false, false]);
    expect(table(canReorderWaitlist)).toEqual([false, false, true, false, false]);
    // The rules the two named permissions replaced in the admin, unchanged.
    expect(table(canDeleteData)).toEqual([false, true, true, false, false]);
    expect(table(canManageUsers)).toEqual([false, false, true, false, false]);
  });
});
