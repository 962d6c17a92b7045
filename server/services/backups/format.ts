/**
 * The backup file (ADR 0063): one header line, one manifest line (JSON), then the AES-256-GCM ciphertext of the
 * gzipped tar of the embedded database's directory. The manifest holds the SHA-256 of the ciphertext (checked
 * without the key, by the admin's list), the GCM nonce and tag, and the moment the snapshot was taken, which the
 * cipher authenticates (additional data): a file whose date was moved cannot skip the erasures made after it.
 * Format 2 (ADR 0106) also carries the erasure ledger as it stood when the snapshot was taken (keyed hashes and
 * times, never an address), authenticated the same way: a restore onto a new disk learns every erasure the
 * backup knew of, and no line can be dropped from it unnoticed. Format 3 (ADR 0107) carries the revocation
 * ledger beside it (ids, times, password fingerprints), authenticated alike. Format 4 (ADR 0108) carries the key that
 * seals the staff's authenticator secrets, itself sealed with the backup's key, so a restore onto a new disk can open
 * them. Format 1 to 3 files still open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { open } from "node:fs/promises";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { z } from "zod";
import type { ErasureLedgerEntry } from "../privacy";
import type { RevocationEntry } from "../staff";

const MAGIC = "OVELLA-BACKUP 1\n";
const CIPHER = "aes-256-gcm";
/** GCM's nonce and its full tag: a shorter tag would be accepted by the cipher and is far easier to forge (ADR 0097). */
const IV_BYTES = 12;
const TAG_BYTES = 16;

const ledgerEntrySchema = z.object({
  at: z.iso.datetime(),
  subject: z.string().regex(/^[0-9a-f]{64}$/),
  key: z.string().min(1),
});

const revocationEntrySchema = z.object({
  at: z.iso.datetime(),
  revoked: z.enum(["api_key", "staff_delete", "staff_deactivate", "password", "factors", "recovery_codes"]),
  id: z.uuid(),
  ref: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});

const manifestSchema = z.object({
  format: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  engine: z.literal("pglite"),
  takenAt: z.iso.datetime(),
  compression: z.literal("gzip"),
  cipher: z.literal(CIPHER),
  /** A fingerprint of the key (not the key): tells a wrong key from a damaged file. */
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  iv: z.string().min(1),
  tag: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Format 2: the erasure ledger when the snapshot was taken. */
  ledger: z.array(ledgerEntrySchema).optional(),
  /** Format 3: the revocation ledger when the snapshot was taken. */
  revocations: z.array(revocationEntrySchema).optional(),
  /** Format 4: the second-factor key, sealed with the backup's key (nonce.ciphertext.tag, base64url). */
  factorKey: z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/).optional(),
});
export type BackupManifest = z.output<typeof manifestSchema>;

/** The file cannot be used: damaged, cut short, not a backup, or (with `wrongKey`) sealed with another key. */
export class BackupFileError extends Error {
  constructor(
    message: string,
    readonly wrongKey = false,
  ) {
    super(message);
    this.name = "BackupFileError";
  }
}

export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("ovella backup key id\0").update(key).digest("hex").slice(0, 16);
}

function additionalData(manifest: Pick<BackupManifest, "format" | "takenAt" | "keyId" | "compression" | "ledger" | "revocations" | "factorKey">): Buffer {
  const base = `${MAGIC.trim()}|${manifest.takenAt}|${manifest.keyId}|${manifest.compression}`;
  if (manifest.format === 1) return Buffer.from(base, "utf8");
  const ledger = createHash("sha256").update(JSON.stringify(manifest.ledger ?? [])).digest("hex");
  if (manifest.format === 2) return Buffer.from(`${base}|2|${ledger}`, "utf8");
  const revocations = createHash("sha256").update(JSON.stringify(manifest.revocations ?? [])).digest("hex");
  if (manifest.format === 3) return Buffer.from(`${base}|3|${ledger}|${revocations}`, "utf8");
  return Buffer.from(`${base}|4|${ledger}|${revocations}|${manifest.factorKey ?? ""}`, "utf8");
}

const factorKeyData = (takenAt: string) => Buffer.from(`${MAGIC.trim()}|mfa key|${takenAt}`, "utf8");

function sealFactorKey(factorKey: Buffer, key: Buffer, takenAt: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(factorKeyData(takenAt));
  const body = Buffer.concat([cipher.update(factorKey), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** The second-factor key a backup carries (format 4), opened with the backup's key; null when it carries none. */
export function factorKeyOf(manifest: BackupManifest, key: Buffer): Buffer | null {
  if (!manifest.factorKey) return null;
  const [iv, body, tag] = manifest.factorKey.split(".").map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new BackupFileError("the backup's manifest is damaged (its second-factor key)");
  try {
    const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(factorKeyData(manifest.takenAt));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new BackupFileError("the backup's second-factor key does not decrypt: its manifest was changed");
  }
}

/** The erasures a backup carries (none in a format 1 file). */
export function ledgerOf(manifest: BackupManifest): ErasureLedgerEntry[] {
  return (manifest.ledger ?? []).map((entry) => ({ at: new Date(entry.at), subject: entry.subject, key: entry.key }));
}

/** The revocations a backup carries (none before format 3). */
export function revocationsOf(manifest: BackupManifest): RevocationEntry[] {
  return (manifest.revocations ?? []).map((entry) => ({ at: new Date(entry.at), kind: entry.revoked, id: entry.id, ...(entry.ref ? { ref: entry.ref } : {}) }));
}

/**
 * Compresses and encrypts the bytes of a tar from `tar` into `ciphertext` and returns the manifest that heads the
 * backup file (`backupHead`). Streamed: gzip runs on libuv's thread pool and the cipher on one chunk at a time, so
 * the server keeps answering meanwhile and holds only the chunks in flight, whatever the database's size.
 */
export async function sealStream(
  tar: Readable,
  ciphertext: Writable,
  key: Buffer,
  takenAt: Date,
  ledger: ErasureLedgerEntry[] = [],
  revocations: RevocationEntry[] = [],
  factorKey: Buffer | null = null,
): Promise<BackupManifest> {
  const iv = randomBytes(IV_BYTES);
  const base = {
    format: 4 as const,
    takenAt: takenAt.toISOString(),
    keyId: keyIdOf(key),
    compression: "gzip" as const,
    ledger: ledger.map((entry) => ({ at: entry.at.toISOString(), subject: entry.subject, key: entry.key })),
    revocations: revocations.map((entry) => ({ at: entry.at.toISOString(), revoked: entry.kind, id: entry.id, ...(entry.ref ? { ref: entry.ref } : {}) })),
    ...(factorKey ? { factorKey: sealFactorKey(factorKey, key, takenAt.toISOString()) } : {}),
  };
  const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(base));
  const hash = createHash("sha256");
  let bytes = 0;
  const measured = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(tar, createGzip(), cipher, measured, ciphertext);
  return {
    engine: "pglite",
    ...base,
    cipher: CIPHER,
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    bytes,
    sha256: hash.digest("hex"),
  };
}

/** The first two lines of a backup file: the magic line and the manifest. */
export function backupHead(manifest: BackupManifest): Buffer {
  return Buffer.from(`${MAGIC}${JSON.stringify(manifest)}\n`, "utf8");
}

/** `sealStream` in memory: the whole backup file for a tar held as bytes (small archives, tests). */
export async function sealBackup(
  tar: Buffer,
  key: Buffer,
  takenAt: Date,
  ledger: ErasureLedgerEntry[] = [],
  revocations: RevocationEntry[] = [],
  factorKey: Buffer | null = null,
): Promise<{ file: Buffer; manifest: BackupManifest }> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const manifest = await sealStream(Readable.from(chunksOf(tar, 1 << 20)), collect, key, takenAt, ledger, revocations, factorKey);
  return { file: Buffer.concat([backupHead(manifest), ...chunks]), manifest };
}

function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

/** The most a manifest may take (its ledgers grow with each erasure and revocation): beyond it, the file is damaged. */
const MANIFEST_MAX_BYTES = 64 << 20;

/**
 * `inspectBackup` for a file on disk, read in chunks: the manifest, and the ciphertext's length and SHA-256 checked
 * without holding the file in memory (the admin's list reads every backup in the folder).
 */
export async function inspectBackupFile(file: string): Promise<{ manifest: BackupManifest }> {
  const handle = await open(file, "r");
  try {
    // The head is read a chunk at a time and searched only in each new chunk: a file that is not a backup is
    // refused at its first chunk, and a manifest with no end stops at the cap, in linear time.
    const parts: Buffer[] = [];
    let read = 0;
    let end = -1;
    while (end < 0 && read <= MANIFEST_MAX_BYTES) {
      const chunk = Buffer.alloc(64 << 10);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, read);
      if (bytesRead === 0) break;
      const fresh = chunk.subarray(0, bytesRead);
      if (read === 0 && bytesRead >= MAGIC.length && !fresh.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) break;
      const at = fresh.indexOf(0x0a, Math.max(0, MAGIC.length - read));
      if (at >= 0) end = read + at;
      parts.push(fresh);
      read += bytesRead;
    }
    const head = Buffer.concat(parts);
    if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new BackupFileError("not an Ovella backup file");
    if (end < 0) throw new BackupFileError("the backup's manifest is cut short");
    const manifest = parseManifest(head.subarray(MAGIC.length, end));
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const part of handle.createReadStream({ start: end + 1, autoClose: false }) as AsyncIterable<Buffer>) {
      hash.update(part);
      bytes += part.length;
    }
    if (bytes !== manifest.bytes) throw new BackupFileError("the backup is cut short or has extra bytes (checksum mismatch)");
    if (hash.digest("hex") !== manifest.sha256) throw new BackupFileError("the backup's checksum does not match: the file was changed or damaged");
    return { manifest };
  } finally {
    await handle.close();
  }
}

function parseManifest(line: Buffer): BackupManifest {
  try {
    return manifestSchema.parse(JSON.parse(line.toString("utf8")));
  } catch {
    throw new BackupFileError("the backup's manifest is damaged");
  }
}

/** Reads the manifest and checks the ciphertext's length and SHA-256; needs no key. */
export function inspectBackup(file: Buffer): { manifest: BackupManifest; ciphertext: Buffer } {
  if (!file.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new BackupFileError("not an Ovella backup file");
  const end = file.indexOf(0x0a, MAGIC.length);
  if (end < 0) throw new BackupFileError("the backup's manifest is cut short");
  const manifest = parseManifest(file.subarray(MAGIC.length, end));
  const ciphertext = file.subarray(end + 1);
  if (ciphertext.length !== manifest.bytes) throw new BackupFileError("the backup is cut short or has extra bytes (checksum mismatch)");
  if (createHash("sha256").update(ciphertext).digest("hex") !== manifest.sha256) {
    throw new BackupFileError("the backup's checksum does not match: the file was changed or damaged");
  }
  return { manifest, ciphertext };
}

/** Verifies and decrypts a backup file into the gzipped tar it holds. */
export function openBackup(file: Buffer, key: Buffer): { manifest: BackupManifest; archive: Buffer } {
  const { manifest, ciphertext } = inspectBackup(file);
  if (manifest.keyId !== keyIdOf(key)) throw new BackupFileError("the backup was sealed with another BACKUP_KEY", true);
  const iv = Buffer.from(manifest.iv, "base64");
  const tag = Buffer.from(manifest.tag, "base64");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new BackupFileError("the backup's manifest is damaged (its nonce or tag has the wrong length)");
  try {
    const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(manifest));
    decipher.setAuthTag(tag);
    return { manifest, archive: Buffer.concat([decipher.update(ciphertext), decipher.final()]) };
  } catch {
    throw new BackupFileError("the backup does not decrypt: its manifest or content was changed");
  }
}
