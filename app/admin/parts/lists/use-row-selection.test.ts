import { describe, expect, it } from "vitest";
import { atKey, idsUnder, pageSelection, type SelectionState, withIds } from "./use-row-selection";

const start: SelectionState = { key: "stage=reviewing", ids: new Set() };

describe("row selection", () => {
  it("keeps rows picked on other pages while rows of this page are picked and dropped", () => {
    const page1 = withIds(start, "stage=reviewing", ["a", "b"], true);
    // Paging keeps the filters: picks on page 2 add to those of page 1.
    const page2 = withIds(page1, "stage=reviewing", ["z"], true);
    expect([...idsUnder(page2, "stage=reviewing")].toSorted()).toEqual(["a", "b", "z"]);
    const dropped = withIds(page2, "stage=reviewing", ["b"], false);
    expect([...idsUnder(dropped, "stage=reviewing")].toSorted()).toEqual(["a", "z"]);
  });

  it("drops every pick when the filters change", () => {
    const picked = withIds(start, "stage=reviewing", ["a", "b"], true);
    expect(idsUnder(picked, "stage=waitlisted").size).toBe(0);
    // Once the list has shown other filters, going back to the first ones does not bring the picks back.
    const shownOther = atKey(picked, "stage=waitlisted");
    expect(idsUnder(atKey(shownOther, "stage=reviewing"), "stage=reviewing").size).toBe(0);
    // The same filters keep the picks (paging, sorting).
    expect(atKey(picked, "stage=reviewing")).toBe(picked);
    // A pick under the new filters starts from nothing, not from the old picks.
    const fresh = withIds(picked, "stage=waitlisted", ["c"], true);
    expect([...idsUnder(fresh, "stage=waitlisted")]).toEqual(["c"]);
    // Going back to the first filters does not bring the old picks back.
    expect(idsUnder(fresh, "stage=reviewing").size).toBe(0);
  });

  it("does not change the state it was given", () => {
    const picked = withIds(start, "stage=reviewing", ["a"], true);
    withIds(picked, "stage=reviewing", ["a"], false);
    expect([...picked.ids]).toEqual(["a"]);
    expect(start.ids.size).toBe(0);
  });

  it("tells the header checkbox whether all, some or none of the page is picked", () => {
    const picked = new Set(["a", "b", "elsewhere"]);
    expect(pageSelection(["a", "b"], picked)).toBe("all");
    expect(pageSelection(["a", "b", "c"], picked)).toBe("some");
    expect(pageSelection(["c", "d"], picked)).toBe("none");
    // An empty page is never "all" (its header box stays unticked).
    expect(pageSelection([], picked)).toBe("none");
  });
});
