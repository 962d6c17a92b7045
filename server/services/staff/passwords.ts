/** Password hashing with argon2id at the OWASP baseline (m=19 MiB, t=2, p=1). */
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a random secret, verified against when the username is unknown, so timing matches. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** A strong random password that satisfies the product's password rule. */
export function generatePassword(): string {
  const core = randomBytes(18).toString("base64url");
  return `Ov${core}7a`;
}
