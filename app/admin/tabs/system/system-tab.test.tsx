/** The System tab's "Last restore": what the newest restore applied again, and that every session ended (ADR 0107). */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LastRestore } from "#core/contracts/system";
import { describeRestore, LastRestoreSection } from "./system-tab";

const restore: LastRestore = {
  at: "2026-11-28T09:00:00.000Z",
  takenAt: "2026-11-27T03:00:00.000Z",
  erasures: 2,
  erasedAgain: 1,
  revocations: 5,
  apiKeys: 1,
  staffDeleted: 1,
  staffDeactivated: 0,
  passwordsDisabled: 1,
  factorsReset: 1,
  recoveryCodesRevoked: 0,
  sessionsEnded: 4,
};

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("last restore", () => {
  it("names every revocation applied again, the erasures and the sessions ended", () => {
    const lines = describeRestore(restore);
    expect(lines[1]).toBe("Erasures made after it: 2; 1 person erased again.");
    expect(lines[2]).toBe(
      "Revocations made after it: 5; applied again: 1 API key revoked, 1 account deleted, 1 old password disabled (set a new one for them), second factors of 1 member reset.",
    );
    expect(lines[3]).toBe("4 staff sessions ended: everyone signed in again.");
    expect(lines[0]).toMatch(/^Restored .+ from the backup of .+\.$/);
  });

  it("says plainly when nothing was revoked after the backup", () => {
    const none = { ...restore, revocations: 0, apiKeys: 0, staffDeleted: 0, passwordsDisabled: 0, factorsReset: 0, sessionsEnded: 1 };
    expect(describeRestore(none)[2]).toBe("Revocations made after it: 0.");
    expect(describeRestore(none)[3]).toBe("1 staff session ended: everyone signed in again.");
  });

  it("renders under its own heading", () => {
    const html = text(renderToString(<LastRestoreSection restore={restore} />));
    expect(html).toContain("|Last restore|");
    expect(html).toContain("1 API key revoked");
    expect(html).toContain("4 staff sessions ended");
  });
});
