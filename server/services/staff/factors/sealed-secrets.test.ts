import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFactorSecretBox, isSealedSecret, sealedKeyId } from "./sealed-secrets";

describe("authenticator secrets sealed at rest", () => {
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const box = createFactorSecretBox(randomBytes(32));

  it("opens what it sealed, for the member it was sealed for; the stored form holds no part of the secret", () => {
    const stored = box.seal(secret, "member-1");
    expect(isSealedSecret(stored)).toBe(true);
    expect(sealedKeyId(stored)).toBe(box.keyId);
    expect(stored).not.toContain(secret.slice(0, 8));
    expect(box.open(stored, "member-1")).toBe(secret);
    expect(box.seal(secret, "member-1")).not.toBe(stored);
  });

  it("refuses a secret moved to another member, another key, a changed byte and a value in clear", () => {
    const stored = box.seal(secret, "member-1");
    expect(box.open(stored, "member-2")).toBeNull();
    expect(createFactorSecretBox(randomBytes(32)).open(stored, "member-1")).toBeNull();
    const parts = stored.split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(box.open([parts[0], parts[1], parts[2], body.toString("base64url"), parts[4]].join("."), "member-1")).toBeNull();
    expect(box.open(secret, "member-1")).toBeNull();
  });

  it("refuses a key of the wrong length", () => {
    expect(() => createFactorSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
