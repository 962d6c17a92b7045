import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declaredRules } from "./field-rules";
import type { Catalogue } from "./fields";
import { UNSTORABLE_TEXT_MESSAGE } from "./storable";

const CATALOGUE = {
  id: { type: "uuid", label: "Id" },
  heardFrom: { type: "text", nullable: true, label: "Heard from", formLabel: "How did you hear about us?", form: "shown", rule: { kind: "text", max: 10 } },
  plan: { type: "text", label: "Plan", form: "shown", rule: { kind: "choice", options: ["soon", "later"], required: true } },
} as const satisfies Catalogue;

const schema = z.object(declaredRules(CATALOGUE));
const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe("rules declared in the field catalogue", () => {
  it("builds a rule only for the fields that declare one", () => {
    expect(Object.keys(declaredRules(CATALOGUE)).toSorted()).toEqual(["heardFrom", "plan"]);
  });

  it("an optional text answer: blank reads as unanswered, text is trimmed, the length is capped", () => {
    expect(schema.parse({ heardFrom: "   ", plan: "soon" })).toEqual({ plan: "soon" });
    expect(schema.parse({ heardFrom: "  a friend ", plan: "soon" })).toEqual({ heardFrom: "a friend", plan: "soon" });
    expect(messages({ heardFrom: "x".repeat(11), plan: "soon" }).heardFrom).toEqual([
      "How did you hear about us? must be 10 characters or less",
    ]);
    expect(messages({ heardFrom: 42, plan: "soon" }).heardFrom).toEqual(["How did you hear about us? must be text"]);
  });

  it("refuses text the database cannot store, with the one message every field uses", () => {
    expect(messages({ heardFrom: "a\u0000b", plan: "soon" }).heardFrom).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });

  it("a required choice: missing is required, anything else off the list asks to choose", () => {
    expect(messages({}).plan).toEqual(["Plan is required"]);
    expect(messages({ plan: "" }).plan).toEqual(["Plan is required"]);
    expect(messages({ plan: "never" }).plan).toEqual(["Please choose plan"]);
    expect(schema.parse({ plan: "later" })).toEqual({ plan: "later" });
  });
});
