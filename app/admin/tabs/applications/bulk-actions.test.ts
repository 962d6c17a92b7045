import { describe, expect, it } from "vitest";
import { undoOutcomeText } from "./bulk-actions";

const late = (name: string | null, id: string) => ({ id, name, message: "The time to undo this move has passed: move her back instead, with a reason" });

describe("the outcome of a bulk action's Undo", () => {
  it("counts the applications put back and says their emails stay unsent", () => {
    expect(undoOutcomeText({ done: 2, refused: [] })).toBe("Undone for 2 applications: back where they were, their emails not sent.");
    expect(undoOutcomeText({ done: 1, refused: [] })).toBe("Undone for 1 application: back where they were, their emails not sent.");
  });

  it("names whom the undo window had passed for beside those put back", () => {
    expect(undoOutcomeText({ done: 1, refused: [late("Bea Ortiz", "b")] })).toBe(
      "Undone for 1 application: back where they were, their emails not sent. Not undone: Bea Ortiz (The time to undo this move has passed: move her back instead, with a reason).",
    );
  });

  it("says nothing was undone when the window had passed for all of them, instead of 'Undone for 0'", () => {
    const text = undoOutcomeText({ done: 0, refused: [late("Ayla Ruiz", "a"), late(null, "c")] });
    expect(text).toBe(
      "Nothing was undone: Ayla Ruiz (The time to undo this move has passed: move her back instead, with a reason); an application since deleted (The time to undo this move has passed: move her back instead, with a reason).",
    );
    expect(text).not.toContain("back where they were");
    expect(undoOutcomeText({ done: 0, refused: [] })).toBe("Nothing was undone.");
  });
});
