import { describe, expect, it } from "vitest";
import { redactPath } from "./log-paths";

const TOKEN = "q3Vb8M2kP0xYz_9-aLmN4oPqRsTuVwXyZ01234567ab";

describe("paths in the logs", () => {
  it("replace the offer link's token in every spelling the router reads", () => {
    for (const path of [`/offer/${TOKEN}`, `/OFFER/${TOKEN}`, `/Offer/${TOKEN}.data`, `//offer/${TOKEN}`, `/%6Fffer/${TOKEN}`, `/es/offer/${TOKEN}`, "/offer/short-but-secret"]) {
      const logged = redactPath(path);
      expect(logged, path).not.toContain(TOKEN);
      expect(logged, path).not.toContain("short-but-secret");
      expect(logged, path).toMatch(/\/:token$/);
    }
  });

  it("replace any segment shaped like a token, wherever it is", () => {
    expect(redactPath(`/confirm/${TOKEN}`)).toBe("/confirm/:token");
    expect(redactPath(`/api/some/${TOKEN}/x`)).toBe("/api/some/:token/x");
    expect(redactPath(`/a/${"f".repeat(64)}`)).toBe("/a/:token");
  });

  it("keep everything else as it is", () => {
    for (const path of [
      "/api/applications",
      "/api/admin/applications/6a1e6f3e-1111-4111-8111-111111111111",
      "/api/admin/applications/6a1e6f3e-1111-4111-8111-111111111111/offer/resend",
      "/assets/entry.client-AbCdEf12.js",
      "/admin/applications/6a1e6f3e-1111-4111-8111-111111111111",
      "/offer",
      "/unsubscribe",
      "/",
    ]) {
      expect(redactPath(path), path).toBe(path);
    }
  });
});
