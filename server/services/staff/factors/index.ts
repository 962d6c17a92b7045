/**
 * Second factors of staff members (docs/requirements.md §4, ADR 0053): TOTP and passkeys, recovery
 * codes issued with the first factor, and a super admin's reset of a member's factors. Each change is
 * audited; secrets and codes never are.
 */
import { and, desc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Database } from "../../../db/client";
import { staffFactors, users } from "../../../db/schema";
import type { Actor, AuditService } from "../../audit";
import { ServiceError } from "../../errors";
import type { SessionService } from "../sessions";
import {
  authenticationOptions,
  registrationOptions,
  verifiedAuthentication,
  verifiedRegistration,
  type RelyingParty,
  type StoredPasskey,
} from "./passkeys";
import { consumeRecoveryCode, deleteRecoveryCodes, issueRecoveryCodes, unusedRecoveryCodeCount } from "./recovery-codes";
import { acceptedTotpStep, newTotpSecret, totpUri } from "./totp";
import { type FactorSecretBox, NO_FACTOR_SECRET_BOX } from "./sealed-secrets";
import { USER_NOT_FOUND } from "../users";
import { NO_REVOCATION_LEDGER, type RevocationRecorder } from "../revocations";

export type { RelyingParty } from "./passkeys";
export { createFactorSecretBox, type FactorSecretBox, factorKeyIdOf } from "./sealed-secrets";
export {
  createFactorKeyFile,
  FactorKeyError,
  factorKeyPath,
  readFactorKey,
  recordFactorKeyId,
  resealFactorSecrets,
  resolveFactorKey,
} from "./factor-key";

export const WRONG_CODE = "That code is not valid. Check the time on your device and try again, or use a recovery code.";
export const NO_TOTP_ENROLMENT = "Start the authenticator app setup first.";
export const PASSKEY_NOT_VERIFIED = "The passkey could not be verified. Please try again.";

export type FactorKind = "totp" | "passkey";

export interface FactorSummary {
  id: string;
  kind: FactorKind;
  label: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface FactorStatus {
  factors: FactorSummary[];
  recoveryCodesLeft: number;
}

interface ChangeContext {
  actor: Actor;
  clientAddress?: string | null;
}

export interface FactorServiceDeps {
  db: Database;
  now: () => Date;
  audit: AuditService;
  sessions: SessionService;
  relyingParty: RelyingParty;
  /** The revocation ledger (ADR 0107): a reset or replaced factor stays gone through a restore. */
  revocations?: RevocationRecorder;
  /** Seals the authenticator secrets with the key outside the database (ADR 0108). */
  secrets?: FactorSecretBox;
}

const isFactorKind = (value: string): value is FactorKind => value === "totp" || value === "passkey";

export function createFactorService({
  db,
  now,
  audit,
  sessions,
  relyingParty,
  revocations = NO_REVOCATION_LEDGER,
  secrets = NO_FACTOR_SECRET_BOX,
}: FactorServiceDeps) {
  async function confirmedFactors(userId: string) {
    return db
      .select()
      .from(staffFactors)
      .where(and(eq(staffFactors.user_id, userId), isNotNull(staffFactors.confirmed_at)))
      .orderBy(staffFactors.created_at);
  }

  async function passkeysOf(userId: string): Promise<StoredPasskey[]> {
    const rows = await confirmedFactors(userId);
    return rows
      .filter((row) => row.kind === "passkey" && row.credential_id && row.public_key)
      .map((row) => ({
        credentialId: row.credential_id ?? "",
        publicKey: row.public_key ?? "",
        signCount: row.sign_count ?? 0,
        transports: row.transports ? row.transports.split(",") : [],
      }));
  }

  /** Records an enrolment and, for a member's first factor, issues the recovery codes (returned once). */
  async function afterEnrolment(user: Actor & { id: string }, kind: FactorKind, hadFactor: boolean, ctx: ChangeContext) {
    await audit.record({
      actor: ctx.actor,
      action: "factor_enrol",
      targetType: "user",
      targetId: user.id,
      clientAddress: ctx.clientAddress,
      detail: { username: user.username, kind },
    });
    return hadFactor ? null : issueRecoveryCodes(db, user.id, now());
  }

  return {
    async hasFactor(userId: string): Promise<boolean> {
      return (await confirmedFactors(userId)).length > 0;
    },

    async status(userId: string): Promise<FactorStatus> {
      const rows = await confirmedFactors(userId);
      return {
        factors: rows
          .filter((row) => isFactorKind(row.kind))
          .map((row) => ({
            id: row.id,
            kind: row.kind as FactorKind,
            label: row.label,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
          })),
        recoveryCodesLeft: await unusedRecoveryCodeCount(db, userId),
      };
    },

    /** Begins a TOTP enrolment: a new secret, shown to the member as text and an otpauth:// link. */
    async startTotp(user: { id: string; username: string }, issuer: string): Promise<{ secret: string; uri: string }> {
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await tx
          .delete(staffFactors)
          .where(and(eq(staffFactors.user_id, user.id), eq(staffFactors.kind, "totp"), isNull(staffFactors.confirmed_at)));
        await tx
          .insert(staffFactors)
          .values({ user_id: user.id, kind: "totp", label: "Authenticator app", totp_secret: secrets.seal(secret, user.id), created_at: now() });
      });
      return { secret, uri: totpUri(issuer, user.username, secret) };
    },

    /** Ends a TOTP enrolment with the first code from the app; returns the recovery codes of a first factor. */
    async confirmTotp(user: { id: string; username: string }, code: string, ctx: ChangeContext): Promise<string[] | null> {
      const [pending] = await db
        .select()
        .from(staffFactors)
        .where(and(eq(staffFactors.user_id, user.id), eq(staffFactors.kind, "totp"), isNull(staffFactors.confirmed_at)))
        .orderBy(desc(staffFactors.created_at))
        .limit(1);
      const secret = pending?.totp_secret ? secrets.open(pending.totp_secret, user.id) : null;
      if (!pending || secret === null) throw new ServiceError("invalid", NO_TOTP_ENROLMENT);
      const at = now();
      const step = await acceptedTotpStep(secret, code, at, null);
      if (step === null) throw new ServiceError("invalid", WRONG_CODE, { code: [WRONG_CODE] });
      const hadFactor = (await confirmedFactors(user.id)).length > 0;
      await db
        .update(staffFactors)
        .set({ confirmed_at: at, totp_last_step: step, last_used_at: at })
        .where(eq(staffFactors.id, pending.id));
      return afterEnrolment(user, "totp", hadFactor, ctx);
    },

    /** True when the code is right for one of the member's authenticator apps and was not used before. */
    async verifyTotp(userId: string, code: string): Promise<boolean> {
      const at = now();
      for (const factor of await confirmedFactors(userId)) {
        const secret = factor.kind === "totp" && factor.totp_secret ? secrets.open(factor.totp_secret, userId) : null;
        if (secret === null) continue;
        const step = await acceptedTotpStep(secret, code, at, factor.totp_last_step);
        if (step === null) continue;
        // Conditional on the last step, so two requests racing with one code cannot both pass.
        const claimed = await db
          .update(staffFactors)
          .set({ totp_last_step: step, last_used_at: at })
          .where(
            and(eq(staffFactors.id, factor.id), or(isNull(staffFactors.totp_last_step), lt(staffFactors.totp_last_step, step))),
          )
          .returning({ id: staffFactors.id });
        if (claimed.length > 0) return true;
      }
      return false;
    },

    useRecoveryCode(userId: string, code: string): Promise<boolean> {
      return consumeRecoveryCode(db, userId, code, now());
    },

    async passkeyRegistrationOptions(user: { id: string; username: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
      return registrationOptions(relyingParty, user, await passkeysOf(user.id));
    },

    /** Stores a passkey the browser created for the challenge; returns the recovery codes of a first factor. */
    async registerPasskey(
      user: { id: string; username: string },
      challenge: string | null,
      response: RegistrationResponseJSON,
      label: string,
      ctx: ChangeContext,
    ): Promise<string[] | null> {
      const key = challenge ? await verifiedRegistration(relyingParty, challenge, response) : null;
      if (!key) throw new ServiceError("invalid", PASSKEY_NOT_VERIFIED);
      const hadFactor = (await confirmedFactors(user.id)).length > 0;
      const at = now();
      await db.insert(staffFactors).values({
        user_id: user.id,
        kind: "passkey",
        label,
        credential_id: key.credentialId,
        public_key: key.publicKey,
        sign_count: key.signCount,
        transports: key.transports.join(","),
        confirmed_at: at,
        created_at: at,
      });
      return afterEnrolment(user, "passkey", hadFactor, ctx);
    },

    async passkeyAuthenticationOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      return authenticationOptions(relyingParty, await passkeysOf(userId));
    },

    async verifyPasskey(userId: string, challenge: string | null, response: AuthenticationResponseJSON): Promise<boolean> {
      if (!challenge) return false;
      const key = (await passkeysOf(userId)).find((candidate) => candidate.credentialId === response.id);
      if (!key) return false;
      const counter = await verifiedAuthentication(relyingParty, challenge, response, key);
      if (counter === null) return false;
      await db
        .update(staffFactors)
        .set({ sign_count: counter, last_used_at: now() })
        .where(and(eq(staffFactors.user_id, userId), eq(staffFactors.credential_id, key.credentialId)));
      return true;
    },

    /** New recovery codes for a member who has a factor (the old ones stop working). */
    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      if ((await confirmedFactors(userId)).length === 0) throw new ServiceError("invalid", NO_TOTP_ENROLMENT);
      // The old codes stop working; a restore of an older backup must not bring them back.
      await revocations.record({ kind: "recovery_codes", id: userId });
      return issueRecoveryCodes(db, userId, now());
    },

    /**
     * A super admin removes every factor and recovery code of a member (a lost phone): her sessions end
     * and her next sign-in asks her to enrol again.
     */
    async reset(userId: string, ctx: ChangeContext): Promise<void> {
      const [target] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
      if (!target) throw new ServiceError("not_found", USER_NOT_FOUND);
      await revocations.record({ kind: "factors", id: userId });
      await db.delete(staffFactors).where(eq(staffFactors.user_id, userId));
      await deleteRecoveryCodes(db, userId);
      await sessions.revokeAllForUser(userId);
      await audit.record({
        actor: ctx.actor,
        action: "factor_reset",
        targetType: "user",
        targetId: userId,
        clientAddress: ctx.clientAddress,
        detail: { username: target.username },
      });
    },
  };
}

export type FactorService = ReturnType<typeof createFactorService>;
