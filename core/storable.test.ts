import { describe, expect, it } from "vitest";
import { applicationListQuerySchema, auditListQuerySchema, contactListQuerySchema } from "./contracts/lists";
import { privacyEraseSchema, privacyRequestCreateSchema, privacyRequestUpdateSchema } from "./privacy";
import { INTEREST_OTHER } from "./options";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable";
import { applicationSchema, contactSchema, loginSchema, newUserSchema, passwordResetSchema } from "./validation";
import type { z } from "zod";

const application = {
  firstName: "Maya", lastName: "Lindqvist", email: "maya@example.com", age: 31, state: "California", phone: "415 555 0100",
  zipCode: "94110", interestLevel: INTEREST_OTHER, interestLevelOther: "Later this year", formSource: "main page", utm_source: "news",
};
const contact = { firstName: "Maya", lastName: "Lindqvist", email: "maya@example.com", phone: "415", reason: "pricing", subject: "Costs", message: "How much does it cost?" };

const cases: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  ["application", applicationSchema, application, ["firstName", "lastName", "email", "state", "phone", "zipCode", "interestLevelOther", "utm_source"]],
  ["contact", contactSchema, contact, ["firstName", "lastName", "email", "phone", "subject", "message"]],
  ["login", loginSchema, { username: "alice", password: "Secret123" }, ["username", "password"]],
  ["new user", newUserSchema, { username: "alice", password: "Secret123", role: "user" }, ["username", "password"]],
  ["password reset", passwordResetSchema, { userId: "u1", newPassword: "Secret123" }, ["userId", "newPassword"]],
  ["erase", privacyEraseSchema, { email: "maya@example.com", confirmation: "maya@example.com" }, ["email", "confirmation"]],
  ["privacy request", privacyRequestCreateSchema, { email: "maya@example.com", kind: "access", notes: "By phone" }, ["email", "notes"]],
  ["privacy update", privacyRequestUpdateSchema, { notes: "Called back" }, ["notes"]],
  ["application list", applicationListQuerySchema, { q: "maya", state: "CA" }, ["q", "state"]],
  ["contact list", contactListQuerySchema, { q: "maya", firstName: "M" }, ["q", "firstName"]],
  ["audit list", auditListQuerySchema, { actor: "alice", action: "view" }, ["actor", "action"]],
];

describe("text the database cannot store", () => {
  it("tells lone surrogates and NUL from well-formed text", () => {
    for (const bad of ["\u0000", "a\ud800", "\udc00b", "\ude00\ud83d"]) expect(isStorableText(bad)).toBe(false);
    for (const good of ["", "Maya", "🥚", "中文 עברית", "\u200d\ufeff\uffff"]) expect(isStorableText(good)).toBe(true);
  });

  it.each(cases)("every string field of the %s schema refuses it with the one message", (_name, schema, valid, fields) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const field of fields) {
      for (const bad of [`${String(valid[field])}\ud800`, `\u0000${String(valid[field])}`]) {
        const result = schema.safeParse({ ...valid, [field]: bad });
        expect(result.success, `${field} accepted ${JSON.stringify(bad)}`).toBe(false);
        expect(result.error?.issues.some((i) => i.path[0] === field && i.message === UNSTORABLE_TEXT_MESSAGE), field).toBe(true);
      }
    }
  });
});
