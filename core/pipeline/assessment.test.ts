import { describe, expect, it } from "vitest";
import { furthestKitStep, isKitStep } from "./assessment";

describe("the assessment kit's progress", () => {
  it("is the furthest step recorded, whatever the order or repeats", () => {
    expect(furthestKitStep([])).toBeNull();
    expect(furthestKitStep(["kit_sent", "kit_sent"])).toBe("kit_sent");
    expect(furthestKitStep(["result_in", "kit_sent"])).toBe("result_in");
    expect(furthestKitStep(["kit_received", "unknown"])).toBe("kit_received");
    expect(isKitStep("kit_sent")).toBe(true);
    expect(isKitStep("lost")).toBe(false);
  });
});
