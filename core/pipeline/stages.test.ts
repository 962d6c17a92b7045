import { describe, expect, it } from "vitest";
import { moveNeedsReason } from "./stages";

describe("which staff moves need a reason", () => {
  it("asks for one for every move back, whoever she is", () => {
    expect(moveNeedsReason("assessment_invited", "reviewing", true)).toBe(true);
    expect(moveNeedsReason("waitlisted", "reviewing", false)).toBe(true);
  });

  it("asks for one when a woman who does not meet the criteria is taken on into the assessment or a place", () => {
    for (const to of ["assessment_invited", "waitlisted"] as const) expect(moveNeedsReason("reviewing", to, false)).toBe(true);
    expect(moveNeedsReason("assessment_passed", "offered", false)).toBe(true);
  });

  it("asks for none to review her, mark her not eligible or withdraw her, or for a forward move of an eligible woman", () => {
    expect(moveNeedsReason("new", "reviewing", false)).toBe(false);
    expect(moveNeedsReason("reviewing", "not_eligible", false)).toBe(false);
    expect(moveNeedsReason("reviewing", "withdrawn", false)).toBe(false);
    expect(moveNeedsReason("reviewing", "assessment_invited", true)).toBe(false);
  });
});
