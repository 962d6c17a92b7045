import { describe, expect, it } from "vitest";
import { FIRST_NAME_MAX, safeFirstName } from "./visitor-text";

describe("the first name an email to a visitor may show", () => {
  it.each([
    ["Maya", "Maya"],
    ["  Anne-Marie  ", "Anne-Marie"],
    ["José María", "José María"],
    ["O'Brien", "O'Brien"],
    ["Maya visit https://evil.example/login now", "Maya visit now"],
    ["Maya www.evil.example", "Maya"],
    ["Claim at evil.com", "Claim at"],
    ["bit.ly/abc Maya", "Maya"],
    ["Maya mailto:x@evil.example", "Maya"],
    ["javascript:alert(1)", ""],
    ["Maya\u202Egnp.exe", "Maya"],
    ["Ma\u200Bya", "Ma ya"],
    ["Maya\r\nBcc: victim@example.com", "Maya"],
    ["<b>Maya</b>", "b Maya /b"],
    ["\u0000\u0007", ""],
  ])("%j becomes %j", (input, expected) => {
    expect(safeFirstName(input)).toBe(expected);
  });

  it(`is cut to ${FIRST_NAME_MAX} characters, never inside a character`, () => {
    expect(safeFirstName("A".repeat(100))).toHaveLength(FIRST_NAME_MAX);
    const emoji = safeFirstName("🥚".repeat(60));
    expect(Array.from(emoji)).toHaveLength(FIRST_NAME_MAX);
    expect(emoji.isWellFormed()).toBe(true);
  });

  it("is empty for anything but text", () => {
    expect(safeFirstName(undefined)).toBe("");
    expect(safeFirstName(42)).toBe("");
  });
});
