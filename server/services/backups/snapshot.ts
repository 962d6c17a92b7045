/**
 * One consistent snapshot of the embedded database while it serves: a tar of its data directory, read from disk
 * between transactions. PGlite runs one statement at a time; holding its transaction lock while the directory is
 * read means no transaction is half done in the copy, and no write happens while it is read. The copy is what a
 * crash at that instant would leave: PostgreSQL's recovery replays its WAL when the copy is opened. A CHECKPOINT
 * first keeps that replay short.
 *
 * The tar is streamed to a file beside the database (ADR 0105): the database is held only while its files are
 * copied (about as long as a disk copy), and the server's memory stays flat whatever the database's size, where
 * PGlite's own `dumpDataDir` built the whole tar in memory, with copies (5 to 6 GB at the peak for 200,000 rows).
 * The file is plain, so it lives in DATA_DIR (the database's own folder, owner-only), never in the backup folder
 * (server/db/snapshot-files.ts).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { pack as tarPack, type Pack } from "tar-stream";

/**
 * Writes the tar of the database's directory to `target` (owner-only), as of one moment between transactions.
 * The entries are named as PGlite names them (paths inside the directory), files and folders only, so PGlite's
 * `loadDataDir` opens the archive as it opens its own.
 */
export async function snapshotDatabase(client: PGlite, target: string, directory: string): Promise<void> {
  await client.exec("CHECKPOINT");
  try {
    await client._runExclusiveTransaction(async () => {
      const archive = tarPack();
      const written = pipeline(archive, createWriteStream(target, { flags: "wx", mode: 0o600 }));
      try {
        await addDirectory(archive, directory, "");
        archive.finalize();
      } catch (error) {
        archive.destroy(error as Error);
      }
      await written;
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/** The tar of a database held in memory (no directory on disk), made by PGlite between transactions. */
export async function snapshotInMemory(client: PGlite): Promise<Buffer> {
  await client.exec("CHECKPOINT");
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
  return Buffer.from(await tarball.arrayBuffer());
}

async function addDirectory(archive: Pack, root: string, relative: string): Promise<void> {
  const entries = (await readdir(path.join(root, relative), { withFileTypes: true })).toSorted((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    const file = path.join(root, name);
    const info = await stat(file);
    if (entry.isDirectory()) {
      await addEntry(archive, { name, type: "directory", mode: info.mode & 0o777, mtime: info.mtime });
      await addDirectory(archive, root, name);
    } else if (entry.isFile()) {
      await addEntry(archive, { name, type: "file", size: info.size, mode: info.mode & 0o777, mtime: info.mtime }, file);
    }
  }
}

function addEntry(archive: Pack, header: Parameters<Pack["entry"]>[0], file?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = archive.entry(header, (error) => (error ? reject(error) : resolve()));
    if (file) pipeline(createReadStream(file), sink).catch(reject);
  });
}
