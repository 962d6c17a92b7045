import { describe, expect, it } from "vitest";
import { readStampedRecord, stampRecord } from "~/lib/next-page";
import { CARRIED_SUCCESS_MAX_AGE_MS, carriedSuccessOf, carriedSuccessRecord, type CarriedSuccess } from "./carried-success";

/** What one page stores and the next reads back (handToNextPage / takeFromPreviousPage, without storage). */
const encodeCarriedSuccess = (success: CarriedSuccess, now: number) => stampRecord(carriedSuccessRecord(success), now);
const decodeCarriedSuccess = (text: string | null, now: number) =>
  carriedSuccessOf(readStampedRecord(text, now, CARRIED_SUCCESS_MAX_AGE_MS));

const ID = "0b7c6f7e-3d0a-4c55-9a7e-2f4f1d1b9c01";
const T0 = 1_800_000_000_000;

describe("a success carried to the next page", () => {
  it("comes back with its event id and the normalised matching fields only", () => {
    const text = encodeCarriedSuccess(
      { eventId: ID, matching: { em: " Ada@Example.com ", fn: "Ada", ln: "Lovelace", st: "CA", zp: "94105" } as never },
      T0,
    );
    expect(text).not.toContain("94105");
    expect(decodeCarriedSuccess(text, T0 + 1_000)).toEqual({
      eventId: ID,
      matching: { em: "ada@example.com", fn: "ada", ln: "lovelace", st: "ca" },
    });
  });

  it("is dropped once stale, or when stamped in the future", () => {
    const text = encodeCarriedSuccess({ eventId: ID, matching: {} }, T0);
    expect(decodeCarriedSuccess(text, T0 + CARRIED_SUCCESS_MAX_AGE_MS)).not.toBeNull();
    expect(decodeCarriedSuccess(text, T0 + CARRIED_SUCCESS_MAX_AGE_MS + 1)).toBeNull();
    expect(decodeCarriedSuccess(text, T0 - 1)).toBeNull();
  });

  it("ignores what is not ours: nothing, broken JSON, a foreign event id, extra answers", () => {
    expect(decodeCarriedSuccess(null, T0)).toBeNull();
    expect(decodeCarriedSuccess("{", T0)).toBeNull();
    expect(decodeCarriedSuccess(JSON.stringify({ eventId: "x'); alert(1)", matching: {}, at: T0 }), T0)).toBeNull();
    expect(decodeCarriedSuccess(JSON.stringify([ID]), T0)).toBeNull();
    const extra = JSON.stringify({ eventId: ID, matching: { em: "a@b.co", age: 29, phone: "4155550100" }, at: T0 });
    expect(decodeCarriedSuccess(extra, T0)).toEqual({ eventId: ID, matching: { em: "a@b.co" } });
  });
});
