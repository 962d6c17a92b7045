import { describe, expect, it } from "vitest";
import { FORM_SOURCE_VALUES, INTEREST_LEVELS } from "./options";
import {
  applicationSchema,
  contactSchema,
  fieldErrors,
  loginSchema,
  newPasswordBodySchema,
  newUserSchema,
  passwordResetSchema,
} from "./validation";
import type { z } from "zod";

const application = {
  firstName: "Maya",
  lastName: "Lindqvist",
  email: "maya@example.com",
  age: 31,
  state: "California",
  zipCode: "94110",
  interestLevel: "Just curious",
  formSource: "main page",
};

const contact = {
  firstName: "Priya",
  lastName: "Raman",
  email: "priya@example.com",
  reason: "pricing",
  subject: "Financing",
  message: "How do monthly payments work?",
};

/** The messages a schema gives for one field of `input`. */
function messages(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return fieldErrors(result.error)[field] ?? [];
}

const applicationErrors = (patch: Record<string, unknown>, field: string) =>
  messages(applicationSchema, { ...application, ...patch }, field);
const contactErrors = (patch: Record<string, unknown>, field: string) => messages(contactSchema, { ...contact, ...patch }, field);

describe("application", () => {
  const errorsFor = applicationErrors;

  it("accepts a complete application and defaults marketing consent to false", () => {
    const parsed = applicationSchema.parse(application);
    expect(parsed.marketing_consent).toBe(false);
    expect(parsed.phone).toBeUndefined();
  });

  it.each([
    ["firstName", undefined, "First name is required"],
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["firstName", "A", "First name must be at least 2 characters"],
    ["lastName", undefined, "Last name is required"],
    ["lastName", "", "Last name is required"],
    ["lastName", "B", "Last name must be at least 2 characters"],
    ["email", undefined, "Email is required"],
    ["email", "", "Email is required"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["email", "a@b", "Please enter a valid email address"],
    ["age", undefined, "Age is required"],
    ["age", "", "Age is required"],
    ["age", 17, "Must be at least 18 years old"],
    ["age", "17", "Must be at least 18 years old"],
    ["state", undefined, "Please select a state"],
    ["state", "", "Please select a state"],
    ["state", "Atlantis", "Please select a state"],
    ["zipCode", undefined, "Zip code is required"],
    ["zipCode", "", "Zip code is required"],
    ["zipCode", "9411", "Zip code must be exactly 5 digits"],
    ["zipCode", "941100", "Zip code must be exactly 5 digits"],
    ["zipCode", "94a10", "Zip code must contain only numbers"],
    ["interestLevel", undefined, "Please select your interest level"],
    ["interestLevel", "", "Please select your interest level"],
    ["interestLevel", "Very", "Please select your interest level"],
    ["formSource", "facebook", "Invalid form source"],
    ["formSource", undefined, "Invalid form source"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ [field]: value }, field)).toContain(message);
  });

  it("requires the free-text answer when the interest level is Other, up to 200 characters", () => {
    expect(errorsFor({ interestLevel: "Other" }, "interestLevelOther")).toEqual(["Please specify your interest level"]);
    expect(errorsFor({ interestLevel: "Other", interestLevelOther: "  " }, "interestLevelOther")).toEqual([
      "Please specify your interest level",
    ]);
    expect(errorsFor({ interestLevel: "Other", interestLevelOther: "x".repeat(201) }, "interestLevelOther")).toEqual([
      "Response must be 200 characters or less",
    ]);
    const ok = applicationSchema.parse({ ...application, interestLevel: "Other", interestLevelOther: "x".repeat(200) });
    expect(ok.interestLevelOther).toHaveLength(200);
  });

  it("reports the missing free-text answer together with the other errors of a failed submit", () => {
    const result = applicationSchema.safeParse({ interestLevel: "Other", formSource: "main page" });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : fieldErrors(result.error);
    expect(errors.interestLevelOther).toEqual(["Please specify your interest level"]);
    expect(errors.firstName).toEqual(["First name is required"]);
  });

  it("clears the free-text answer for any level other than Other", () => {
    const parsed = applicationSchema.parse({ ...application, interestLevel: "Just curious", interestLevelOther: "left over" });
    expect(parsed.interestLevelOther).toBeUndefined();
  });

  it("accepts every interest level, form source, a country, and numeric strings for age", () => {
    for (const level of INTEREST_LEVELS) {
      expect(applicationSchema.safeParse({ ...application, interestLevel: level, interestLevelOther: "x" }).success).toBe(true);
    }
    for (const source of FORM_SOURCE_VALUES) {
      expect(applicationSchema.safeParse({ ...application, formSource: source }).success).toBe(true);
    }
    expect(applicationSchema.parse({ ...application, state: "Canada", zipCode: "K1A 0B1" })).toMatchObject({ state: "Canada", zipCode: "K1A 0B1" });
    expect(applicationSchema.parse({ ...application, age: "18" }).age).toBe(18);
  });

  it("rejects non-integer and absurd ages, and non-boolean consent", () => {
    expect(errorsFor({ age: 30.5 }, "age")).toEqual(["Age must be a whole number"]);
    expect(errorsFor({ age: 500 }, "age")).toEqual(["Please enter a valid age"]);
    expect(errorsFor({ age: "thirty" }, "age")).toEqual(["Age must be a number"]);
    expect(errorsFor({ marketing_consent: "yes" }, "marketing_consent")).toEqual(["Marketing consent must be true or false"]);
  });

  it("keeps the phone optional and limited to 20 characters", () => {
    expect(applicationSchema.parse({ ...application, phone: "" }).phone).toBeUndefined();
    expect(errorsFor({ phone: "1".repeat(21) }, "phone")).toEqual(["Phone number must be 20 characters or less"]);
  });

  it("drops unknown fields and keeps valid attribution fields", () => {
    const parsed = applicationSchema.parse({
      ...application,
      id: "x",
      role: "super_admin",
      submitted_at: "2020-01-01",
      utm_source: "newsletter",
      traffic_source: "organic",
      tracking_consent: "granted",
    });
    expect(parsed).not.toHaveProperty("id");
    expect(parsed).not.toHaveProperty("role");
    expect(parsed).not.toHaveProperty("submitted_at");
    expect(parsed.utm_source).toBe("newsletter");
    expect(parsed.traffic_source).toBe("organic");
    expect(parsed.tracking_consent).toBe("granted");
  });

  it("ignores unknown attribution values instead of failing the application", () => {
    const parsed = applicationSchema.parse({ ...application, traffic_source: "spam", tracking_consent: "maybe", utm_source: 5 });
    expect(parsed.traffic_source).toBeUndefined();
    expect(parsed.tracking_consent).toBeUndefined();
    expect(parsed.utm_source).toBeUndefined();
  });
});

describe("contact message", () => {
  const errorsFor = contactErrors;

  it("accepts a complete message with or without a phone", () => {
    expect(contactSchema.safeParse(contact).success).toBe(true);
    expect(contactSchema.parse({ ...contact, phone: "anything goes" }).phone).toBe("anything goes");
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["lastName", undefined, "Last name is required"],
    ["email", "", "Email is required"],
    ["email", "nope", "Please enter a valid email address"],
    ["reason", "", "Please select a reason for contacting us"],
    ["reason", "gossip", "Please select a reason for contacting us"],
    ["subject", "", "Subject is required"],
    ["message", "", "Message must be at least 10 characters long"],
    ["message", "too short", "Message must be at least 10 characters long"],
    ["message", undefined, "Message must be at least 10 characters long"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ [field]: value }, field)).toContain(message);
  });
});

describe("login", () => {
  it("requires both fields with the spec's messages", () => {
    expect(messages(loginSchema, {}, "username")).toEqual(["Username is required"]);
    expect(messages(loginSchema, {}, "password")).toEqual(["Password is required"]);
    expect(messages(loginSchema, { username: " ", password: "" }, "username")).toEqual(["Username is required"]);
    expect(messages(loginSchema, { username: "a", password: "" }, "password")).toEqual(["Password is required"]);
    expect(loginSchema.safeParse({ username: "a", password: "b" }).success).toBe(true);
  });
});

describe("new user", () => {
  const valid = { username: "new_staff1", password: "GoodPass1" };
  const errorsFor = (patch: Record<string, unknown>, field: string) => messages(newUserSchema, { ...valid, ...patch }, field);

  it("defaults the role to user", () => {
    expect(newUserSchema.parse(valid).role).toBe("user");
  });

  it.each([
    ["username", "ab", "Username must be at least 3 characters"],
    ["username", "a".repeat(51), "Username must be less than 50 characters"],
    ["username", "bad name", "Username can only contain letters, numbers, and underscores"],
    ["username", "bad-name", "Username can only contain letters, numbers, and underscores"],
    ["password", "Short1", "Password must be at least 8 characters"],
    ["password", "alllowercase1", "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    ["password", "ALLUPPERCASE1", "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    ["password", "NoDigitsHere", "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    ["role", "owner", "Role must be one of user, coordinator, admin, super_admin"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ [field]: value }, field)).toContain(message);
  });

  it("accepts usernames of exactly 3 and 50 characters and every role", () => {
    expect(newUserSchema.safeParse({ ...valid, username: "abc" }).success).toBe(true);
    expect(newUserSchema.safeParse({ ...valid, username: "a".repeat(50) }).success).toBe(true);
    for (const role of ["user", "coordinator", "admin", "super_admin"]) expect(newUserSchema.parse({ ...valid, role }).role).toBe(role);
  });
});

describe("password reset", () => {
  it("needs a user id and a password that follows the password rules", () => {
    expect(messages(passwordResetSchema, { newPassword: "GoodPass1" }, "userId")).toEqual(["User id is required"]);
    expect(messages(passwordResetSchema, { userId: "x", newPassword: "weak" }, "newPassword")).toContain(
      "Password must be at least 8 characters",
    );
    expect(messages(newPasswordBodySchema, { newPassword: "weakpassword" }, "newPassword")).toEqual([
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    expect(newPasswordBodySchema.safeParse({ newPassword: "GoodPass1" }).success).toBe(true);
  });
});


describe("fieldErrors", () => {
  it("groups messages by field", () => {
    const result = contactSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(Object.keys(errors).toSorted()).toEqual(["email", "firstName", "lastName", "message", "reason", "subject"]);
    expect(errors.firstName).toEqual(["First name is required"]);
  });
});
