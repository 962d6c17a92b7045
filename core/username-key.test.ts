import { describe, expect, it } from "vitest";
import { usernameKey } from "./username-key";

describe("usernameKey", () => {
  it("folds letter case and compatibility forms to one key", () => {
    expect(usernameKey("Alice")).toBe("alice");
    expect(usernameKey("  ALICE ")).toBe("alice");
    // Full-width letters (NFKC) and the dotted capital I (simple lower-case mapping) land on ASCII.
    expect(usernameKey("ＡＬＩＣＥ")).toBe("alice");
    expect(usernameKey("İris")).toBe("iris");
    expect(usernameKey("\u0130RIS")).toBe(usernameKey("iris"));
  });

  it("keeps different names apart", () => {
    expect(usernameKey("iris")).not.toBe(usernameKey("ires"));
    expect(usernameKey("alice_1")).not.toBe(usernameKey("alice1"));
  });
});
