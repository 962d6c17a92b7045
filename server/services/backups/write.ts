/**
 * A backup file of the live embedded database, streamed through files so that the server's memory stays flat
 * whatever the database's size (ADR 0105): the snapshot's tar beside the database (./snapshot.ts), its gzipped
 * ciphertext in a hidden file of the backup folder (./format.ts), then the backup itself, head and ciphertext,
 * written atomically (./store.ts). Both intermediate files are removed, whatever the outcome.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { embeddedDirectoryOf } from "../../db/client";
import type { ErasureLedgerEntry } from "../privacy";
import type { RevocationEntry } from "../staff";
import { backupHead, sealStream } from "./format";
import { removeLeftSnapshots, snapshotFileFor } from "../../db/snapshot-files";
import { snapshotDatabase, snapshotInMemory } from "./snapshot";
import { ensurePrivateDirectory, temporaryPath, writeFileAtomically } from "./store";

/** A disk refused a backup's bytes: the database's own folder (the snapshot) or the backup folder. */
export class BackupDiskError extends Error {
  constructor(
    readonly place: "database" | "backups",
    readonly code: string,
  ) {
    super(`the ${place === "database" ? "database's folder" : "backup folder"} refused the backup (${code})`);
    this.name = "BackupDiskError";
  }
}

export interface BackupToWrite {
  /** The backup folder and the file's name in it. */
  dir: string;
  name: string;
  key: Buffer;
  takenAt: Date;
  ledger: ErasureLedgerEntry[];
  revocations: RevocationEntry[];
  factorKey: Buffer | null;
  /** The database's directory, when the client was not opened by openDatabase (the restore's previous database). */
  directory?: string;
}

/** Snapshots the database and writes it sealed as `dir/name`; returns the file's size. */
export async function writeBackup(client: PGlite, backup: BackupToWrite): Promise<{ bytes: number }> {
  const directory = backup.directory ?? embeddedDirectoryOf(client);
  const snapshot = directory ? snapshotFileFor(directory) : null;
  let sealed: string | null = null;
  try {
    let tar: Readable;
    if (directory && snapshot) {
      await removeLeftSnapshots(path.dirname(directory));
      await onDisk("database", () => snapshotDatabase(client, snapshot, directory));
      tar = createReadStream(snapshot);
    } else {
      // A database held in memory (tests, tools) has no files to copy: its tar is made in memory too.
      tar = Readable.from([await snapshotInMemory(client)]);
    }
    return await onDisk("backups", async () => {
      await ensurePrivateDirectory(backup.dir);
      const body = temporaryPath(backup.dir, backup.name);
      sealed = body;
      const manifest = await sealStream(
        tar,
        createWriteStream(body, { flags: "wx", mode: 0o600 }),
        backup.key,
        backup.takenAt,
        backup.ledger,
        backup.revocations,
        backup.factorKey,
      );
      // The snapshot is plain: gone as soon as its sealed copy is whole.
      if (snapshot) await rm(snapshot, { force: true });
      const head = backupHead(manifest);
      await writeFileAtomically(backup.dir, backup.name, { parts: [head, { file: body }] });
      return { bytes: head.length + manifest.bytes };
    });
  } finally {
    if (snapshot) await rm(snapshot, { force: true });
    if (sealed) await rm(sealed, { force: true });
  }
}

async function onDisk<T>(place: BackupDiskError["place"], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) throw new BackupDiskError(place, code);
    throw error;
  }
}
