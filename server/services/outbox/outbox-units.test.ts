/** Unsubscribe token signing and expiry, retry backoff, header hygiene. */
import { describe, expect, it } from "vitest";
import { headerSafe, isPlainAddress } from "#core/mail-address";
import { SAMPLE_PAYLOADS } from "../mail-templates";
import { BACKOFF_CAP_MS, backoffMs } from "./backoff";
import { consultInvite } from "./calendar-invite";
import { describeError } from "./transport-errors";
import { signUnsubscribeToken, UNSUBSCRIBE_TTL_MS, verifyUnsubscribeToken } from "./unsubscribe-token";

const SECRET = "unit-secret-0123456789abcdef0123456789";
const NOW = new Date("2026-03-01T12:00:00Z");

describe("unsubscribe tokens", () => {
  it("verify for the signed address (lower-cased) until they expire", () => {
    const token = signUnsubscribeToken(SECRET, "Maya@Example.com", NOW);
    expect(verifyUnsubscribeToken(SECRET, token, NOW)).toEqual({ ok: true, address: "maya@example.com" });
    const justBefore = new Date(NOW.getTime() + UNSUBSCRIBE_TTL_MS - 1000);
    expect(verifyUnsubscribeToken(SECRET, token, justBefore).ok).toBe(true);
    const after = new Date(NOW.getTime() + UNSUBSCRIBE_TTL_MS + 1000);
    expect(verifyUnsubscribeToken(SECRET, token, after)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse another secret, an altered address or purpose, and garbage", () => {
    const token = signUnsubscribeToken(SECRET, "maya@example.com", NOW);
    expect(verifyUnsubscribeToken(`${SECRET}x`, token, NOW)).toEqual({ ok: false, reason: "invalid" });
    const [body, mac] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? "", "base64url").toString()), a: "other@example.com" }),
    ).toString("base64url");
    expect(verifyUnsubscribeToken(SECRET, `${forged}.${mac}`, NOW).ok).toBe(false);
    const otherPurpose = Buffer.from(JSON.stringify({ a: "maya@example.com", p: "login", x: 9e9 })).toString("base64url");
    expect(verifyUnsubscribeToken(SECRET, `${otherPurpose}.${mac}`, NOW).ok).toBe(false);
    for (const bad of [undefined, null, "", "abc", "a.b.c", `${body}.`, 42]) {
      expect(verifyUnsubscribeToken(SECRET, bad, NOW)).toEqual({ ok: false, reason: "invalid" });
    }
  });
});

describe("backoff", () => {
  it("doubles from 30 s with ±20 % jitter and stops growing at one hour", () => {
    expect(backoffMs(1, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, () => 0.5)).toBe(60_000);
    expect(backoffMs(3, () => 0.5)).toBe(120_000);
    expect(backoffMs(1, () => 0)).toBe(24_000);
    expect(backoffMs(1, () => 0.999_999)).toBeLessThanOrEqual(36_000);
    expect(backoffMs(30, () => 0.5)).toBe(BACKOFF_CAP_MS);
    for (let attempt = 1; attempt < 12; attempt++) {
      expect(backoffMs(attempt + 1, () => 0.5)).toBeGreaterThanOrEqual(backoffMs(attempt, () => 0.5));
    }
  });
});

describe("header hygiene", () => {
  it("accepts plain addresses only", () => {
    expect(isPlainAddress("maya@example.com")).toBe(true);
    for (const bad of ["maya@example.com\r\nBcc: x@y.z", "Maya <maya@example.com>", "a@b", "a,b@example.com", "a b@example.com"]) {
      expect(isPlainAddress(bad)).toBe(false);
    }
  });

  it("turns line breaks and control characters into spaces", () => {
    expect(headerSafe("Hi\r\nBcc: victim@evil.example\u2028x")).toBe("Hi Bcc: victim@evil.example x");
  });

  it("keeps addresses out of logged errors", () => {
    const error = Object.assign(new Error("550 5.1.1 <maya@example.com>: Recipient address rejected"), { responseCode: 550 });
    expect(describeError(error)).toBe("550 550 5.1.1 <<address>>: Recipient address rejected");
  });
});

/** An invite's text, unfolded (iCalendar folds long lines at 75 octets). */
function unfolded(invite: ReturnType<typeof consultInvite>): string {
  return String((invite as { content: string }).content).replace(/\r\n[ \t]/g, "");
}

describe("the consult's calendar invite in her language (ADR 0111)", () => {
  const payload = SAMPLE_PAYLOADS.consult_booked;
  const parties = { organizer: "hello@ovella.example", attendee: "maya@example.com", now: NOW };

  it("says its summary and description in Spanish for her, in English otherwise, and the cancel too", () => {
    const spanish = unfolded(consultInvite("consult_booked", payload, { ...parties, language: "es" }));
    expect(spanish).toContain("SUMMARY:Consulta con Ovella");
    expect(spanish).toContain("DESCRIPTION:Tu consulta con el equipo clínico de Ovella.");
    const english = unfolded(consultInvite("consult_booked", payload, parties));
    expect(english).toContain("SUMMARY:Ovella consult");
    expect(english).toContain("DESCRIPTION:Your consult with the Ovella clinical team.");
    const cancel = unfolded(consultInvite("consult_cancelled", payload, { ...parties, language: "es" }));
    expect(cancel).toContain("DESCRIPTION:Esta consulta está cancelada.");
  });
});
