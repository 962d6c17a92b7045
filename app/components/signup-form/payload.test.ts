import { describe, expect, it } from "vitest";
import { buildApplicationPayload, emptySignupValues } from "./payload";

describe("application payload", () => {
  const filled = {
    ...emptySignupValues("apply"),
    firstName: "  Ada ",
    lastName: "Lovelace ",
    email: " ada@example.com",
    age: "34",
    state: "Texas",
    zipCode: " 73301 ",
    interestLevel: "Just curious",
    interestLevelOther: "left over from Other",
  };

  it("trims texts, sends the age as a number and leaves out an empty phone and a stale Other answer", () => {
    expect(buildApplicationPayload(filled, "apply")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      age: 34,
      state: "Texas",
      zipCode: "73301",
      interestLevel: "Just curious",
      formSource: "apply page",
      preferred_language: "en",
      marketing_consent: false,
    });
  });

  it("keeps the Other answer with Other, the phone when given and a filled honeypot", () => {
    const body = buildApplicationPayload(
      { ...filled, interestLevel: "Other", phone: " 415-555-0100 ", marketing_consent: true, website: "bot" },
      "tiktok",
    );
    expect(body).toMatchObject({ interestLevel: "Other", interestLevelOther: "left over from Other", phone: "415-555-0100", marketing_consent: true, formSource: "tiktok", website: "bot" });
  });

  it("starts every field empty", () => {
    expect(emptySignupValues("landing")).toEqual({
      firstName: "", lastName: "", email: "", age: "", state: "", phone: "", zipCode: "", interestLevel: "", interestLevelOther: "",
      marketing_consent: false, formSource: "main page", website: "",
    });
  });
});
