/** Mail settings are validated at start: one clear line per bad value, defaults from the brand. */
import { describe, expect, it } from "vitest";
import { brand } from "#core/brand";
import { parseMailbox } from "#core/mail-address";
import { ConfigError, readEnv } from "./env";

function problems(source: Record<string, string>): string[] {
  try {
    readEnv(source);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("mail configuration", () => {
  it("defaults to .eml files, the brand's From address and no staff alerts", () => {
    const env = readEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe(`${brand.name} <${brand.contact.general}>`);
    expect(env.STAFF_NOTIFY_TO).toEqual([]);
    expect(env.STAFF_NOTIFY_BY_REASON).toEqual({});
    expect(env.MAIL_MAX_ATTEMPTS).toBe(10);
  });

  it("accepts smtp and smtps URLs and lists of addresses", () => {
    const env = readEnv({
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      STAFF_NOTIFY_TO: "A@example.com, b@example.com",
      STAFF_NOTIFY_BY_REASON: "medical=med@example.com",
      MAIL_FROM: "Ovella Team <team@example.com>",
    });
    expect(env.STAFF_NOTIFY_TO).toEqual(["a@example.com", "b@example.com"]);
    expect(env.STAFF_NOTIFY_BY_REASON).toEqual({ medical: "med@example.com" });
  });

  it("refuses each bad value with one line", () => {
    expect(problems({ SMTP_URL: "http://mail.example.com" })).toEqual([
      "SMTP_URL: must be an smtp:// or smtps:// URL with a host",
    ]);
    expect(problems({ STAFF_NOTIFY_TO: "a@example.com, not-an-address" })).toEqual([
      "STAFF_NOTIFY_TO: must be a comma list of email addresses",
    ]);
    expect(problems({ MAIL_FROM: "Ovella <hello@example.com>\r\nBcc: x@example.com" })).toHaveLength(1);
    expect(problems({ STAFF_NOTIFY_BY_REASON: "medical" })).toHaveLength(1);
    expect(problems({ UNSUBSCRIBE_SECRET: "short" })).toEqual(["UNSUBSCRIBE_SECRET: must be at least 32 characters"]);
  });

  it("parses mailboxes without letting a line break through", () => {
    expect(parseMailbox("Ovella <hello@ovella.example>")).toEqual({ name: "Ovella", address: "hello@ovella.example" });
    expect(parseMailbox("hello@ovella.example")).toEqual({ address: "hello@ovella.example" });
    expect(parseMailbox("Evil\n <a@b.example>")).toBeNull();
    expect(parseMailbox("<a@b.example>, c@d.example")).toBeNull();
  });

  it("caps emails to people per hour: 200 by default, a whole number from 1 to 100000", () => {
    expect(readEnv({}).MAIL_HOURLY_CEILING).toBe(200);
    expect(readEnv({ MAIL_HOURLY_CEILING: "50" }).MAIL_HOURLY_CEILING).toBe(50);
    expect(problems({ MAIL_HOURLY_CEILING: "0" })).toEqual(["MAIL_HOURLY_CEILING: must be at least 1"]);
    expect(problems({ MAIL_HOURLY_CEILING: "1.5" })).toEqual(["MAIL_HOURLY_CEILING: must be a whole number of emails from 1 to 100000"]);
    expect(problems({ MAIL_HOURLY_CEILING: "lots" })).toHaveLength(1);
    expect(problems({ MAIL_HOURLY_CEILING: "1000000" })).toEqual(["MAIL_HOURLY_CEILING: must be at most 100000"]);
  });
});
