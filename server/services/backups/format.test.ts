import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BackupFileError, factorKeyOf, inspectBackup, inspectBackupFile, openBackup, revocationsOf, sealBackup } from "./format";

/** The same file with one manifest field replaced (the checksum covers the ciphertext only). */
function withManifest(file: Buffer, change: (manifest: Record<string, unknown>) => void): Buffer {
  const first = file.indexOf(0x0a);
  const second = file.indexOf(0x0a, first + 1);
  const manifest = JSON.parse(file.subarray(first + 1, second).toString("utf8")) as Record<string, unknown>;
  change(manifest);
  return Buffer.concat([file.subarray(0, first + 1), Buffer.from(`${JSON.stringify(manifest)}\n`), file.subarray(second + 1)]);
}

describe("backup file format", () => {
  const key = randomBytes(32);
  const tar = Buffer.from("a database's files ".repeat(100));

  it("opens what it sealed", async () => {
    const { file } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"));
    expect(openBackup(file, key).archive.length).toBeGreaterThan(0);
  });

  it("refuses a tag cut short, which GCM would otherwise accept", async () => {
    const { file, manifest } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"));
    const full = Buffer.from(manifest.tag, "base64");
    expect(full.length).toBe(16);
    for (const bytes of [4, 8, 12, 15]) {
      const cut = withManifest(file, (m) => {
        m.tag = full.subarray(0, bytes).toString("base64");
      });
      expect(() => openBackup(cut, key), `${bytes} bytes`).toThrow(BackupFileError);
      expect(() => openBackup(cut, key)).toThrow(/wrong length/);
    }
  });

  it("refuses a nonce of another length", async () => {
    const { file } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"));
    const changed = withManifest(file, (m) => {
      m.iv = randomBytes(16).toString("base64");
    });
    expect(() => openBackup(changed, key)).toThrow(/wrong length/);
  });

  it("carries the revocation ledger, authenticated: a revocation dropped from it and the file no longer opens (format 3 on)", async () => {
    const revocations = [
      { at: new Date("2026-11-28T04:00:00.000Z"), kind: "api_key" as const, id: "6f9619ff-8b86-4011-b42d-00c04fc964ff" },
      { at: new Date("2026-11-28T05:00:00.000Z"), kind: "password" as const, id: "6f9619ff-8b86-4011-b42d-00c04fc964fe", ref: "a".repeat(64) },
    ];
    const { file, manifest } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"), [], revocations);
    expect(manifest.format).toBe(4);
    expect(revocationsOf(openBackup(file, key).manifest)).toEqual(revocations);
    const dropped = withManifest(file, (m) => {
      m.revocations = (m.revocations as unknown[]).slice(1);
    });
    expect(() => openBackup(dropped, key)).toThrow(/does not decrypt/);
  });

  it("carries the second-factor key sealed with the backup's key, never in clear, and authenticated (format 4)", async () => {
    const factorKey = randomBytes(32);
    const { file, manifest } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"), [], [], factorKey);
    expect(manifest.format).toBe(4);
    expect(file.includes(factorKey)).toBe(false);
    expect(file.includes(Buffer.from(factorKey.toString("base64")))).toBe(false);
    expect(factorKeyOf(openBackup(file, key).manifest, key)).toEqual(factorKey);
    const other = (await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"), [], [], randomBytes(32))).manifest.factorKey;
    const swapped = withManifest(file, (m) => {
      m.factorKey = other;
    });
    expect(() => openBackup(swapped, key)).toThrow(/does not decrypt/);
    const { file: without } = await sealBackup(tar, key, new Date("2026-11-28T03:00:00.000Z"));
    expect(factorKeyOf(openBackup(without, key).manifest, key)).toBeNull();
  });

  it("reads a file on disk in chunks to the same verdict as in memory: whole, changed, cut short, extra bytes, not a backup", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ovella-inspect-"));
    try {
      // Larger than one read, so the manifest's end and the checksum are found across chunks.
      const { file, manifest } = await sealBackup(randomBytes(300_000), key, new Date("2026-11-28T03:00:00.000Z"));
      const changed = Buffer.from(file);
      changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1;
      const cases: [string, Buffer][] = [
        ["whole", file],
        ["changed", changed],
        ["cut", file.subarray(0, file.length - 1)],
        ["extra", Buffer.concat([file, Buffer.from("x")])],
        ["manifest cut", file.subarray(0, 40)],
        ["not a backup", Buffer.from("hello\n")],
      ];
      for (const [name, bytes] of cases) {
        const onDisk = path.join(dir, name);
        writeFileSync(onDisk, bytes);
        const inMemory = (() => {
          try {
            return inspectBackup(bytes).manifest;
          } catch (error) {
            return (error as Error).message;
          }
        })();
        const fromFile = await inspectBackupFile(onDisk).then(
          (result) => result.manifest,
          (error: Error) => (expect(error, name).toBeInstanceOf(BackupFileError), error.message),
        );
        expect(fromFile, name).toEqual(inMemory);
      }
      expect((await inspectBackupFile(path.join(dir, "whole"))).manifest).toEqual(manifest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
