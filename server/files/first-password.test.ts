import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIRST_PASSWORD_FILE, handOverFirstPassword } from "./first-password";

describe("the first super admin's generated password", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ovella-first-password-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const first = { username: "admin", password: "Generated-Secret-4711" };

  it("is printed to an interactive terminal, and written nowhere", () => {
    const printed: string[] = [];
    expect(handOverFirstPassword(first, dir, { interactive: true, write: (t) => printed.push(t) })).toBeNull();
    expect(printed.join("")).toContain("Password: Generated-Secret-4711");
    expect(existsSync(path.join(dir, FIRST_PASSWORD_FILE))).toBe(false);
  });

  it("goes to a 0600 file when standard output is no terminal, and the output names the file only", () => {
    const printed: string[] = [];
    // A file left with a loose mode by something else is tightened before the password goes in.
    writeFileSync(path.join(dir, FIRST_PASSWORD_FILE), "old", { mode: 0o644 });
    const file = handOverFirstPassword(first, path.join(dir, "data"), { interactive: false, write: (t) => printed.push(t) });
    expect(file).toBe(path.join(dir, "data", FIRST_PASSWORD_FILE));
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(file!, "utf8")).toContain("Password: Generated-Secret-4711");
    expect(printed.join("")).not.toContain("Generated-Secret-4711");
    expect(printed.join("")).toContain(file!);
    const again = handOverFirstPassword(first, dir, { interactive: false, write: () => undefined });
    expect(statSync(again!).mode & 0o777).toBe(0o600);
    expect(readFileSync(again!, "utf8")).not.toContain("old");
  });
});
