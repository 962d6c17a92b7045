import { describe, expect, it } from "vitest";
import { PAGE_LINK_TTL_MS, signPageToken, verifyPageToken } from "./applicant-page-token";

const SECRET = "link-secret-for-tests-0123456789abcdef";
const ID = "0b7c3a52-9d1e-4f60-8a2b-3c4d5e6f7a8b";
const NOW = new Date("2026-11-28T12:00:00Z");

describe("the applicant page link", () => {
  it("names her application and when it was issued, and reads back with the same secret", () => {
    const token = signPageToken(SECRET, ID, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(verifyPageToken(SECRET, token, new Date(NOW.getTime() + 1000))).toEqual({ ok: true, applicationId: ID, issuedAt: NOW });
  });

  it("is refused when altered, signed with another secret, from the future, or not a token at all", () => {
    const token = signPageToken(SECRET, ID, NOW);
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(verifyPageToken(SECRET, flipped, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyPageToken("another-secret-entirely-0123456789", token, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyPageToken(SECRET, signPageToken(SECRET, ID, new Date(NOW.getTime() + 3_600_000)), NOW)).toEqual({ ok: false, reason: "invalid" });
    for (const junk of [undefined, 42, "", "short", `${token}x`, token.replace(/.$/, "=")]) {
      expect(verifyPageToken(SECRET, junk, NOW).ok).toBe(false);
    }
  });

  it("expires after its time", () => {
    const token = signPageToken(SECRET, ID, NOW);
    expect(verifyPageToken(SECRET, token, new Date(NOW.getTime() + PAGE_LINK_TTL_MS - 1000)).ok).toBe(true);
    expect(verifyPageToken(SECRET, token, new Date(NOW.getTime() + PAGE_LINK_TTL_MS))).toEqual({ ok: false, reason: "expired" });
  });
});
