/**
 * The generated password of the first super admin (docs/requirements.md §4) is shown once, and only where
 * a person reads it (ADR 0097): on an interactive terminal it is printed; otherwise (a service manager, a
 * container, a CI log, anything that keeps standard output) it is written to a file readable by this user
 * only, DATA_DIR/first-admin-password.txt (0600), and the output names that file, never the password.
 */
import { closeSync, fchmodSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "./private-files";

export const FIRST_PASSWORD_FILE = "first-admin-password.txt";

export interface FirstPasswordOutput {
  /** Whether standard output is an interactive terminal (`process.stdout.isTTY`). */
  interactive: boolean;
  write: (text: string) => void;
}

/** Hands the password over as above; answers the file it was written to, or null when it was printed. */
export function handOverFirstPassword(
  first: { username: string; password: string },
  dataDir: string,
  output: FirstPasswordOutput,
): string | null {
  const once = "It works for one sign-in only: the admin asks for a new password (and a second factor) at once.";
  if (output.interactive) {
    output.write(`\n  First super admin created.\n  Username: ${first.username}\n  Password: ${first.password}\n  ${once}\n\n`);
    return null;
  }
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const file = path.join(dir, FIRST_PASSWORD_FILE);
  const fd = openSync(file, "w", PRIVATE_FILE_MODE);
  try {
    // An older file of that name keeps its mode on open: tightened before the password is written.
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, `Username: ${first.username}\nPassword: ${first.password}\n${once}\nDelete this file once she has signed in.\n`);
  } finally {
    closeSync(fd);
  }
  output.write(
    `\n  First super admin created.\n  Username: ${first.username}\n  Her password is in ${file} (readable by this user only; standard output is no terminal).\n  ${once}\n\n`,
  );
  return file;
}
