/**
 * Where the key that seals the authenticator secrets comes from (ADR 0108): MFA_KEY when set, otherwise the file
 * DATA_DIR/mfa.key, created (owner-only, whole or not at all) at the first start. The database records the key's id,
 * never the key: a process holding another key (a second instance without MFA_KEY, a lost or replaced file) is refused
 * at start with what to do, instead of starting with every authenticator broken.
 */
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { appSecrets, staffFactors } from "../../../db/schema";
import { createFactorSecretBox, factorKeyIdOf, type FactorSecretBox, isSealedSecret } from "./sealed-secrets";

export const FACTOR_KEY_FILE = "mfa.key";
/** The app_secrets row that holds the id of the key the secrets are sealed with. */
export const FACTOR_KEY_ID_NAME = "mfa_key_id";

/** The process cannot start with the key it has; nothing was changed. */
export class FactorKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FactorKeyError";
  }
}

export function factorKeyPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), FACTOR_KEY_FILE);
}

function parseKeyFile(file: string): Buffer {
  const bytes = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (bytes.length !== 32) throw new FactorKeyError(`${file} is damaged: it must hold a 32-byte key in base64.`);
  return bytes;
}

/** The key of MFA_KEY, else of DATA_DIR/mfa.key; null when there is neither. Creates nothing. */
export function readFactorKey(configured: Buffer | undefined, dataDir: string): Buffer | null {
  if (configured) return configured;
  const file = factorKeyPath(dataDir);
  return existsSync(file) ? parseKeyFile(file) : null;
}

/**
 * Writes `key` (by default a new one) to DATA_DIR/mfa.key unless a key is there, and returns the file's key. The key is
 * written whole to a file of its own and linked into place, so processes starting together agree on one key and none
 * reads half of one.
 */
export function createFactorKeyFile(dataDir: string, key: Buffer = randomBytes(32)): Buffer {
  const file = factorKeyPath(dataDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return parseKeyFile(file);
}

async function recordedKeyId(db: Database): Promise<string | null> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, FACTOR_KEY_ID_NAME));
  return row?.value ?? null;
}

/** Records `keyId` as the key of the database's secrets (replacing any other: a restore that re-sealed them). */
export async function recordFactorKeyId(db: Database, keyId: string): Promise<void> {
  await db
    .insert(appSecrets)
    .values({ name: FACTOR_KEY_ID_NAME, value: keyId })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: keyId } });
}

const wrongKey = (recorded: string, held: string, source: string) =>
  new FactorKeyError(
    `The staff's authenticator secrets in this database are sealed with the second-factor key ${recorded}, but ${source} holds key ${held}. ` +
      "Give every instance the same MFA_KEY (docs/deploy.md), or put back the DATA_DIR/mfa.key this database was used with.",
  );

/**
 * The key of this process, checked against the database: the configured or stored key, or a new key file when the
 * database has no sealed secrets yet. Refuses a key other than the one the database records.
 */
export async function resolveFactorKey(db: Database, options: { configured?: Buffer; dataDir: string }): Promise<Buffer> {
  const recorded = await recordedKeyId(db);
  let key = readFactorKey(options.configured, options.dataDir);
  const source = options.configured ? "MFA_KEY" : factorKeyPath(options.dataDir);
  if (!key) {
    if (recorded) {
      throw new FactorKeyError(
        `The staff's authenticator secrets in this database are sealed with the second-factor key ${recorded}, and this process has none: ` +
          `neither MFA_KEY nor ${factorKeyPath(options.dataDir)} is set. Give it the same MFA_KEY as the other instances (docs/deploy.md), or put back the mfa.key file.`,
      );
    }
    key = createFactorKeyFile(options.dataDir);
  }
  const held = factorKeyIdOf(key);
  if (recorded && recorded !== held) throw wrongKey(recorded, held, source);
  if (!recorded) {
    // Two first starts together: the first id stored wins, and the other process is refused.
    await db.insert(appSecrets).values({ name: FACTOR_KEY_ID_NAME, value: held }).onConflictDoNothing({ target: appSecrets.name });
    const stored = await recordedKeyId(db);
    if (stored !== held) throw wrongKey(stored ?? "(none)", held, source);
  }
  return key;
}

/**
 * Seals every authenticator secret still stored in clear (a database from before ADR 0108, or a restored one) and, given
 * the keys they may be sealed with, re-seals the others under `box`; returns how many changed and how many could not be
 * opened with any key given (those factors no longer work and are left as they are).
 */
export async function resealFactorSecrets(
  db: Database,
  box: FactorSecretBox,
  formerKeys: Buffer[] = [],
): Promise<{ sealed: number; unreadable: number }> {
  const former = formerKeys.map((key) => createFactorSecretBox(key));
  const rows = await db
    .select({ id: staffFactors.id, userId: staffFactors.user_id, secret: staffFactors.totp_secret })
    .from(staffFactors)
    .where(isNotNull(staffFactors.totp_secret));
  let sealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    const stored = row.secret ?? "";
    if (box.open(stored, row.userId) !== null) continue;
    let clear: string | null = isSealedSecret(stored) ? null : stored;
    for (const other of former) clear ??= other.open(stored, row.userId);
    if (clear === null) {
      unreadable += 1;
      continue;
    }
    await db.update(staffFactors).set({ totp_secret: box.seal(clear, row.userId) }).where(eq(staffFactors.id, row.id));
    sealed += 1;
  }
  return { sealed, unreadable };
}
