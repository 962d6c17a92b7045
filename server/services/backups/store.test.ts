import { describe, expect, it } from "vitest";
import { backupFileName, takenAtFromName } from "./store";

describe("backup names", () => {
  it("give back the time they were made from", () => {
    const at = new Date("2026-11-28T06:19:03.031Z");
    expect(takenAtFromName(backupFileName(at))?.toISOString()).toBe(at.toISOString());
  });

  it("give no time when the name is not one of ours", () => {
    expect(takenAtFromName("ovella-20261128.backup")).toBeNull();
    expect(takenAtFromName("notes.txt")).toBeNull();
    expect(takenAtFromName("ovella-20261399T000000000Z.backup")).toBeNull();
  });
});
