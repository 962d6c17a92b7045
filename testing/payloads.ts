/** Valid submission bodies for API and browser tests; override what a test is about. */
import type { ApplicationInput, ContactInput } from "#core/validation";

export function validApplication(overrides: Record<string, unknown> = {}): ApplicationInput & Record<string, unknown> {
  return {
    firstName: "Maya",
    lastName: "Lindqvist",
    email: "maya.lindqvist@example.com",
    age: 31,
    state: "California",
    phone: "415-555-0134",
    zipCode: "94110",
    interestLevel: "Actively researching",
    formSource: "main page",
    marketing_consent: true,
    ...overrides,
  };
}

export function validContact(overrides: Record<string, unknown> = {}): ContactInput & Record<string, unknown> {
  return {
    firstName: "Priya",
    lastName: "Raman",
    email: "priya.raman@example.com",
    phone: "310-555-0199",
    reason: "eligibility",
    subject: "Age question",
    message: "Am I eligible if I turn 35 next month?",
    ...overrides,
  };
}
