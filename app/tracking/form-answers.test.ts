/**
 * The catalogue's form answers (core/fields.ts, `answer: true`) never reach an advertising (pixel) event:
 * the allow-list guards drop every one of them, by name, from event data and from enhanced matching.
 */
import { describe, expect, it } from "vitest";
import { APPLICATION_FIELDS, answerFields, CONTACT_FIELDS } from "#core/fields";
import { EVENT_PARAM_KEYS, guardEventParams, guardMatching, MATCHING_KEYS } from "./events";

const answers = [...new Set([...answerFields(APPLICATION_FIELDS), ...answerFields(CONTACT_FIELDS)])];

describe("form answers in pixel events", () => {
  it("no answer is an allowed event or matching key", () => {
    for (const name of answers) {
      expect(EVENT_PARAM_KEYS as readonly string[]).not.toContain(name);
      expect(MATCHING_KEYS as readonly string[]).not.toContain(name);
    }
  });

  it("drops every answer from event data and enhanced matching", () => {
    const input = Object.fromEntries(answers.map((name) => [name, "42"]));
    expect(guardEventParams({ ...input, value: 100, currency: "USD" })).toEqual({ value: 100, currency: "USD" });
    expect(guardMatching({ ...input, em: "ada@example.com" })).toEqual({ em: "ada@example.com" });
  });
});
