/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration and authentication ceremonies whose
 * challenge is kept on the staff member's (pending) session row, never in the browser alone. The library
 * (with its certificate and CBOR parsers) loads at the first ceremony, not at start (ADR 0116).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from "@simplewebauthn/server";

const webAuthn = () => import("@simplewebauthn/server");

/** Where the admin runs: the relying party the browser checks passkeys against. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

type Transport = NonNullable<WebAuthnCredential["transports"]>[number];
const TRANSPORTS: readonly string[] = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"];

function asTransports(values: string[]): Transport[] {
  return values.filter((value): value is Transport => TRANSPORTS.includes(value));
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; username: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webAuthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: asTransports(key.transports) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** The new passkey when the browser's answer proves it, null otherwise. */
export async function verifiedRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  response: RegistrationResponseJSON,
): Promise<StoredPasskey | null> {
  const { verifyRegistrationResponse } = await webAuthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rp: RelyingParty, keys: StoredPasskey[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webAuthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: asTransports(key.transports) })),
    userVerification: "preferred",
  });
}

/** The passkey's new signature counter when the answer proves possession of `key`, null otherwise. */
export async function verifiedAuthentication(
  rp: RelyingParty,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  key: StoredPasskey,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.signCount,
        transports: asTransports(key.transports),
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
