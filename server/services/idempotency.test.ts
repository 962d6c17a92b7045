/** The fingerprint with its key order sorted once is the same digest as the general one (keys stored earlier still match). */
import { describe, expect, it } from "vitest";
import { fieldsFingerprint, requestFingerprint } from "./idempotency";
import { APPLICATION_FORM_COLUMNS, CONTACT_FORM_COLUMNS } from "./record-values";

describe("fieldsFingerprint", () => {
  const fields = [...APPLICATION_FORM_COLUMNS, "fbc", "fbp"];
  const record = Object.fromEntries(fields.map((field, i) => [field, i % 3 === 0 ? null : i % 3 === 1 ? `v"${i}\u00e9` : i]));

  it("equals requestFingerprint for every field set", () => {
    expect(fieldsFingerprint(fields)(record)).toBe(requestFingerprint(record));
    const contact = Object.fromEntries(CONTACT_FORM_COLUMNS.map((field) => [field, `${field} text`]));
    expect(fieldsFingerprint(CONTACT_FORM_COLUMNS)(contact)).toBe(requestFingerprint(contact));
  });

  it("leaves undefined fields out, as requestFingerprint does, and tells other content apart", () => {
    const partial = { ...record, phone: undefined, [fields[0] as string]: undefined };
    expect(fieldsFingerprint(fields)(partial)).toBe(requestFingerprint(partial));
    expect(fieldsFingerprint(fields)({ ...record, email: "other@example.com" })).not.toBe(fieldsFingerprint(fields)(record));
  });
});
