import { describe, expect, it } from "vitest";
import { applicationSchema, contactSchema, NAME_CONTROL_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from "./validation";
import { hasNoNameControls } from "./person-name";
import { validApplication, validContact } from "../testing/payloads";

describe("names refuse bidi, zero-width and control characters", () => {
  it.each([
    ["right-to-left override", "Maya\u202Egnp.exe"],
    ["left-to-right isolate", "\u2066Maya\u2069"],
    ["right-to-left mark", "Maya\u200F"],
    ["Arabic letter mark", "\u061CMaya"],
    ["zero-width space", "Ma\u200Bya"],
    ["zero-width joiner", "Ma\u200Dya"],
    ["zero-width non-joiner", "Ma\u200Cya"],
    ["word joiner", "Ma\u2060ya"],
    ["byte-order mark", "Ma\uFEFFya"],
    ["line feed", "Maya\nLindqvist"],
    ["escape", "Maya\u001B[31m"],
    ["C1 control", "Maya\u0085"],
  ])("refuses a %s", (_name, value) => {
    expect(hasNoNameControls(value)).toBe(false);
    for (const field of ["firstName", "lastName"] as const) {
      const application = applicationSchema.safeParse(validApplication({ [field]: value }));
      expect(application.success).toBe(false);
      expect(application.error?.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toContain(NAME_CONTROL_MESSAGE);
      const contact = contactSchema.safeParse(validContact({ [field]: value }));
      expect(contact.error?.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toContain(NAME_CONTROL_MESSAGE);
    }
  });

  it.each(["Maya", "José María", "Anne-Marie", "O'Brien", "Nguyễn", "Zoë", "محمد", "שרה", "李小龙", "Åsa Öberg"])("accepts %s", (value) => {
    expect(hasNoNameControls(value)).toBe(true);
    expect(applicationSchema.safeParse(validApplication({ firstName: value, lastName: value })).success).toBe(true);
  });

  it("leaves NUL to the storable-text rule and its one message", () => {
    const parsed = contactSchema.safeParse(validContact({ firstName: "Ma\u0000ya" }));
    expect(parsed.error?.issues.filter((i) => i.path[0] === "firstName").map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});

describe("a name both unstorable and with a control character", () => {
  it("reads only the storable-text message", () => {
    const parsed = contactSchema.safeParse(validContact({ lastName: "Ra\ud800\u202Eman" }));
    expect(parsed.error?.issues.filter((i) => i.path[0] === "lastName").map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});
