import { describe, expect, it } from "vitest";
import { eligibilityOf, outsideArea } from "./eligibility";
import { pilotAreaOf } from "./pilot-zip-codes";
import { ALLOWED_MOVES, canMove, isMoveBack, moveEmail, MOVES_BACK, type Stage, STAGES } from "./stages";

describe("eligibility", () => {
  it("tells where she lives against the pilot's area: another state, the region outside its cities, or inside", () => {
    expect(outsideArea({ state: "Texas", zipCode: "73301" })).toBe("region");
    expect(outsideArea({ state: "California", zipCode: "95814" })).toBe("cities");
    expect(outsideArea({ state: "California", zipCode: "94110" })).toBeNull();
    expect(outsideArea({ state: "California", zipCode: null })).toBeNull();
  });

  it("accepts 18 to 34 in the pilot's areas", () => {
    expect(eligibilityOf({ age: 18, state: "California", zipCode: "94110" })).toEqual({ eligible: true, reasons: [] });
    expect(eligibilityOf({ age: 34, state: "California", zipCode: "90012" })).toEqual({ eligible: true, reasons: [] });
  });

  it("names each failed rule the way staff read it", () => {
    expect(eligibilityOf({ age: 36, state: "Texas", zipCode: "73301" }).reasons).toEqual([
      "36: over the pilot's age limit",
      "Texas: outside the pilot's cities",
    ]);
    expect(eligibilityOf({ age: 35, state: "California", zipCode: "92101" }).reasons).toEqual([
      "35: over the pilot's age limit",
      "92101: outside the pilot's cities",
    ]);
    expect(eligibilityOf({ age: 17, state: "California", zipCode: null }).eligible).toBe(false);
  });

  it("knows both areas by their ZIP prefixes", () => {
    expect(pilotAreaOf("94103")).toBe("San Francisco Bay Area");
    expect(pilotAreaOf("90210")).toBe("Los Angeles County");
    expect(pilotAreaOf("92101")).toBeNull();
    expect(pilotAreaOf("9410")).toBeNull();
  });
});

describe("the stage table", () => {
  it("names only known stages and never moves a stage to itself", () => {
    for (const from of STAGES) {
      for (const to of ALLOWED_MOVES[from]) {
        expect(STAGES).toContain(to);
        expect(to).not.toBe(from);
      }
    }
  });

  it("keeps the main path: new → reviewing → invited → passed → offered → enrolled", () => {
    expect(canMove("new", "reviewing")).toBe(true);
    expect(canMove("reviewing", "assessment_invited")).toBe(true);
    expect(canMove("assessment_invited", "assessment_passed")).toBe(true);
    expect(canMove("assessment_passed", "offered")).toBe(true);
    expect(canMove("offered", "enrolled")).toBe(true);
    expect(canMove("new", "assessment_invited")).toBe(true);
    expect(canMove("new", "offered")).toBe(false);
    expect(canMove("withdrawn", "offer_expired")).toBe(false);
  });

  it("lets staff take back a mistake: each move back is in the table and needs a reason", () => {
    expect(isMoveBack("assessment_invited", "reviewing")).toBe(true);
    expect(isMoveBack("assessment_passed", "assessment_invited")).toBe(true);
    expect(isMoveBack("waitlisted", "reviewing")).toBe(true);
    expect(isMoveBack("withdrawn", "reviewing")).toBe(true);
    expect(isMoveBack("reviewing", "assessment_invited")).toBe(false);
    for (const [from, targets] of Object.entries(MOVES_BACK)) {
      for (const to of targets ?? []) expect(canMove(from as Stage, to), `${from} → ${to}`).toBe(true);
    }
    // A move back sends her nothing, unless it gives her a place back.
    expect(moveEmail("assessment_passed", "assessment_invited")).toBeNull();
    expect(moveEmail("withdrawn", "enrolled")).toBe("the confirmation of her place");
    expect(moveEmail("reviewing", "withdrawn")).toBe("a letter confirming her withdrawal");
  });
});
