/**
 * The catalogue's form answers (core/fields.ts, `answer: true`) never leave the product in an email: the
 * outbox jobs queued for a new application or contact message carry none of them, by name or by value.
 */
import { describe, expect, it } from "vitest";
import { APPLICATION_FIELDS, answerFields, CONTACT_FIELDS } from "#core/fields";
import { applicationJobs, contactJobs, type OutboxQueueConfig } from "./outbox/queue";

const config = { staffTo: ["staff@example.org"], staffByReason: {} } as unknown as OutboxQueueConfig;

const application = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  formSource: "apply page",
  age: 34,
  state: "Texas",
  phone: "415-555-0177",
  zipCode: "94133",
  interestLevel: "Ready to freeze in the next 6 months",
  interestLevelOther: "A private reason only staff may read",
};

const message = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "415-555-0188",
  reason: "medical",
  subject: "A question",
  message: "A long private message only staff may read.",
};

describe("form answers in emails", () => {
  it("marks the answers a person types in the forms", () => {
    expect(answerFields(APPLICATION_FIELDS)).toEqual(["age", "phone", "zipCode", "interestLevel", "interestLevelOther"]);
    expect(answerFields(CONTACT_FIELDS)).toEqual(["phone", "message"]);
  });

  it.each([
    ["application", answerFields(APPLICATION_FIELDS), applicationJobs(config, application), application],
    ["contact message", answerFields(CONTACT_FIELDS), contactJobs(config, message), message],
  ] as const)("queues no %s answer in any email payload", (_kind, answers, jobs, record) => {
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const text = JSON.stringify(job.payload);
      for (const name of answers) {
        expect(Object.keys(job.payload)).not.toContain(name);
        expect(text).not.toContain(String((record as Record<string, unknown>)[name]));
      }
    }
  });
});
