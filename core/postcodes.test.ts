import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRIES_WITHOUT_REQUIRED_POSTCODE } from "./options";
import { COUNTRY_POSTCODES, postcodeOptional, postcodeProblem } from "./postcodes";

describe("postcodes by country", () => {
  it("keeps the specification's ZIP rules for a US state, and before anything is chosen", () => {
    expect(postcodeProblem("California", "94110")).toBeUndefined();
    expect(postcodeProblem("California", "9411")).toBe("Zip code must be exactly 5 digits");
    expect(postcodeProblem("California", "9411a")).toBe("Zip code must contain only numbers");
    expect(postcodeProblem("California", undefined)).toBe("Zip code is required");
    expect(postcodeProblem(undefined, "SW1A 1AA")).toBe("Zip code must be exactly 5 digits");
  });

  it.each([
    ["United Kingdom", "SW1A 1AA", "12345"],
    ["Canada", "K1A 0B1", "K1A0B"],
    ["Germany", "10115", "1011"],
    ["France", "75001", "7500A"],
    ["Japan", "100-0001", "1000001"],
    ["Netherlands", "1012 AB", "1012"],
    ["Brazil", "01310-100", "0131"],
    ["India", "110001", "11001"],
    ["Mexico", "06000", "6000"],
    ["Australia", "2000", "20000"],
    ["Ireland", "D02 X285", "D02"],
  ])("accepts a %s postcode as typed and names the format of a wrong one", (country, good, bad) => {
    expect(postcodeProblem(country, good)).toBeUndefined();
    expect(postcodeProblem(country, bad)).toBe(`Postcode must match the ${country} format, for example ${COUNTRY_POSTCODES[country as "Canada"].example}`);
    expect(postcodeProblem(country, undefined)).toBe("Postcode is required");
  });

  it("gives every listed country an ISO code and an example its own rule accepts", () => {
    for (const country of COUNTRIES) {
      const { code, example } = COUNTRY_POSTCODES[country];
      expect(code).toMatch(/^[A-Z]{2}$/);
      if (example !== null) expect(postcodeProblem(country, example), country).toBeUndefined();
    }
  });

  it("lets a postcode be left empty exactly where the country has none or makes it optional (the form's list agrees)", () => {
    expect(COUNTRIES.filter((country) => postcodeOptional(country))).toEqual([...COUNTRIES_WITHOUT_REQUIRED_POSTCODE]);
    expect(postcodeProblem("Hong Kong", undefined)).toBeUndefined();
  });

  it("takes either format for a name that is both a state and a country", () => {
    expect(postcodeProblem("Georgia", "30301")).toBeUndefined();
    expect(postcodeProblem("Georgia", "0105")).toBeUndefined();
    expect(postcodeProblem("Georgia", "12")).toBe("Zip code must be exactly 5 digits");
  });
});
