/**
 * Staff identity, the public face of this folder: accounts (./users), passwords and the common-password
 * screen, sessions, the sign-in steps (./auth), second factors (./factors), known-device marks of the
 * sign-in throttle, the first administrator at start (./bootstrap), and the API keys machines sign in with.
 * Other folders import from here only.
 */
export { API_KEY_PREFIX, type ApiKeyPrincipal, createApiKeyService } from "./api-keys";
export { createAuthService } from "./auth";
export { ensureInitialAdmin } from "./bootstrap";
export {
  createFactorKeyFile,
  createFactorSecretBox,
  createFactorService,
  FactorKeyError,
  factorKeyIdOf,
  factorKeyPath,
  type FactorSecretBox,
  readFactorKey,
  recordFactorKeyId,
  type RelyingParty,
  resealFactorSecrets,
  resolveFactorKey,
} from "./factors";
export { createKnownDevices, KNOWN_DEVICE_DAYS, type KnownDevices } from "./known-devices";
export { isCommonPassword, WEAK_PASSWORD } from "./password-screen";
export { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
export { type ActiveSession, createSessionService, hashToken, type SessionPolicy, type SessionService } from "./sessions";
export { createUserService, LAST_SUPER_ADMIN } from "./users";
export {
  appendMissingRevocations,
  createRevocationRecorder,
  mergeRevocations,
  reapplyRevocations,
  readRevocationLedger,
  REVOCATION_LEDGER_FILE,
  revocationLedgerPath,
  type RevocationEntry,
  type RevocationsReapplied,
} from "./revocations";
