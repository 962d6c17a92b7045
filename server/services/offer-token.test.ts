import { describe, expect, it } from "vitest";
import { hashOfferToken, isOfferTokenShape, offerTokenFor } from "./offer-token";

const SECRET = "offer-link-secret-0123456789abcdef";
const ID = "3f0b6a52-1c9e-4d7a-9b1e-2a4c6e8f0a1b";

describe("offer links (ADR 0104)", () => {
  it("signs the same link for an offer every time, of the token's shape, under the secret's own key", () => {
    const token = offerTokenFor(SECRET, ID);
    expect(isOfferTokenShape(token)).toBe(true);
    expect(offerTokenFor(SECRET, ID)).toBe(token);
    expect(offerTokenFor(SECRET, ID.toUpperCase())).toBe(token);
    expect(offerTokenFor(`${SECRET}x`, ID)).not.toBe(token);
    expect(offerTokenFor(SECRET, "3f0b6a52-1c9e-4d7a-9b1e-2a4c6e8f0a1c")).not.toBe(token);
    expect(hashOfferToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOfferToken(token)).not.toContain(token);
  });

  it("names only an offer id", () => {
    expect(() => offerTokenFor(SECRET, "not-an-id")).toThrow(/offer id/);
  });
});
