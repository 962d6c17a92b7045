import { assert, boolean, dictionary, double, integer, oneof, property, string } from "fast-check";
import { describe, expect, it } from "vitest";
import { brand } from "#core/brand";
import { CONVERSION, EVENT_PARAM_KEYS, guardEventParams, guardMatching, isPurchasePage, MATCHING_KEYS, pageName } from "./events";
import { stateCode } from "./state-codes";

const FORBIDDEN = ["age", "interestLevel", "interestLevelOther", "zipCode", "phone", "zp", "ph", "db", "ge", "message"];

describe("payload allow-list guard", () => {
  it("drops every form answer from event data", () => {
    const out = guardEventParams({
      value: 100,
      currency: "USD",
      age: 29,
      interestLevel: "Ready to freeze in the next 6 months",
      interestLevelOther: "I was diagnosed with endometriosis",
      zipCode: "94105",
      phone: "4155550100",
      email: "a@b.example",
    });
    expect(out).toEqual({ value: 100, currency: "USD" });
  });

  it("drops every form answer from enhanced matching, keeping only em/fn/ln/st", () => {
    const out = guardMatching({
      em: " Ada@Example.COM ",
      fn: "Ada",
      ln: "Lovelace",
      st: "CA",
      age: 29,
      zp: "94105",
      ph: "4155550100",
      zipCode: "94105",
      phone: "4155550100",
      interestLevel: "Just curious",
    });
    expect(out).toEqual({ em: "ada@example.com", fn: "ada", ln: "lovelace", st: "ca" });
  });

  it("never lets a key outside the allow-list through (any input)", () => {
    assert(
      property(dictionary(string(), oneof(string(), integer(), double(), boolean())), (input) => {
        for (const key of Object.keys(guardEventParams(input))) expect(EVENT_PARAM_KEYS).toContain(key);
        for (const key of Object.keys(guardMatching(input))) expect(MATCHING_KEYS).toContain(key);
      }),
    );
  });

  it("never passes a forbidden key even when it is named like an allowed one's neighbour", () => {
    for (const key of FORBIDDEN) {
      expect(guardEventParams({ [key]: "1" })).toEqual({});
      expect(guardMatching({ [key]: "1" })).toEqual({});
    }
  });

  it("drops free text and non-plain values from the allowed keys", () => {
    expect(
      guardEventParams({
        content_name: "I have PCOS and want to freeze eggs before chemo, please call me at 4155550100",
        content_category: { nested: "x" },
        value: "100",
        currency: "usd",
        seconds: Number.NaN,
      }),
    ).toEqual({});
    expect(guardEventParams(null)).toEqual({});
    expect(guardEventParams([1, 2])).toEqual({});
    expect(guardMatching({ em: "not an email", st: "California", fn: "<b>x</b>" })).toEqual({});
  });
});

describe("event values", () => {
  it("come from the brand configuration (docs/requirements.md §9)", () => {
    expect(CONVERSION.started).toEqual({ value: brand.conversion.startedValue, currency: brand.conversion.currency });
    expect(CONVERSION.lead).toEqual({ value: 100, currency: "USD" });
    expect(CONVERSION.purchase).toEqual({ value: 300, currency: "USD" });
    expect(CONVERSION.started.value).toBe(0);
  });

  it("names pages and knows the purchase page", () => {
    expect(pageName("/")).toBe("home");
    expect(pageName("/MIT")).toBe("MIT");
    expect(pageName("/ovellaiq")).toBe(brand.assessmentName);
    expect(pageName("/nowhere?x")).toBe("other");
    expect(isPurchasePage("/thank-you")).toBe(true);
    expect(isPurchasePage("/thank-you/")).toBe(true);
    expect(isPurchasePage("/apply")).toBe(false);
  });

  it("maps US states to two-letter codes and countries to nothing", () => {
    expect(stateCode("California")).toBe("ca");
    expect(stateCode("New York")).toBe("ny");
    expect(stateCode("Canada")).toBeUndefined();
    expect(stateCode("toString")).toBeUndefined();
  });
});
