/**
 * Authenticator secrets at rest (ADR 0108): each TOTP secret is stored sealed with AES-256-GCM under a key that
 * is not in the database (MFA_KEY, else DATA_DIR/mfa.key), bound to its member (the additional data names her id,
 * so a sealed secret copied onto another account does not open). A dump of the database alone yields no secret.
 *
 * Stored form: `v1.<key id>.<nonce>.<ciphertext>.<tag>`, base64url parts; the key id tells a wrong key from a
 * damaged value.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const CIPHER = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = "v1";

export interface FactorSecretBox {
  /** A fingerprint of the key (not the key). */
  readonly keyId: string;
  seal(secret: string, userId: string): string;
  /** The secret, or null when the value is not sealed, sealed with another key, bound to another member or damaged. */
  open(stored: string, userId: string): string | null;
}

export function factorKeyIdOf(key: Buffer): string {
  return createHash("sha256").update("ovella mfa key id\0").update(key).digest("hex").slice(0, 16);
}

/** True when the stored value has the sealed form (whatever its key). */
export function isSealedSecret(stored: string): boolean {
  return stored.startsWith(`${PREFIX}.`) && stored.split(".").length === 5;
}

/** The key id a sealed value names; null when it is not sealed. */
export function sealedKeyId(stored: string): string | null {
  return isSealedSecret(stored) ? (stored.split(".")[1] ?? null) : null;
}

function additionalData(userId: string): Buffer {
  return Buffer.from(`ovella staff totp secret|${userId}`, "utf8");
}

export function createFactorSecretBox(key: Buffer): FactorSecretBox {
  if (key.length !== 32) throw new Error("the second-factor key must be 32 bytes");
  const keyId = factorKeyIdOf(key);
  return {
    keyId,
    seal(secret, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(userId));
      const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [PREFIX, keyId, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(stored, userId) {
      if (!isSealedSecret(stored)) return null;
      const [, id, ivText, bodyText, tagText] = stored.split(".") as [string, string, string, string, string];
      if (id !== keyId) return null;
      const iv = Buffer.from(ivText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(additionalData(userId));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The box of a process that was given no key: any use is a wiring mistake, said loudly. */
export const NO_FACTOR_SECRET_BOX: FactorSecretBox = {
  keyId: "none",
  seal() {
    throw new Error("no second-factor key was configured for these services (ADR 0108)");
  },
  open() {
    throw new Error("no second-factor key was configured for these services (ADR 0108)");
  },
};
