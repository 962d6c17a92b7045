/**
 * Staff read words, never identifiers (ADR 0086): every value the admin shows has a label in the map
 * beside its declaration, and no label is itself an identifier (snake_case, an environment variable's
 * name, a dotted event name or a colon scope).
 */
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES, auditActionLabel, auditTargetLabel } from "./audit";
import { OUTBOX_KIND_LABELS, OUTBOX_KINDS, OUTBOX_STATUS_LABELS, OUTBOX_STATUSES, outboxKindLabel, outboxStatusLabel } from "./contracts/outbox";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "./contracts/webhooks";
import { APPLICATIONS_LIST, AUDIT_LIST } from "./lists/declarations";
import { ROLE_LABELS, ROLES, TRAFFIC_SOURCE_LABELS, TRAFFIC_SOURCES, trafficSourceLabel } from "./options";
import { FUNNEL_GROUP_LABELS, FUNNEL_GROUPS, FUNNEL_STEP_LABELS, FUNNEL_STEPS } from "./pipeline/funnel";
import { STAGE_LABELS, STAGES } from "./pipeline/stages";
import { PRIVACY_KIND_LABELS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES, PRIVACY_STATUS_LABELS } from "./privacy";

/** A snake_case word, an ENV_NAME, a dotted event or a colon scope: what staff must never read. */
const IDENTIFIER = /\b[a-z]+(?:_[a-z]+)+\b|\b[A-Z]+(?:_[A-Z]+)+\b|\b[a-z_]+\.[a-z_]+\b|\b[a-z]+:[a-z-]+\b/;

const MAPS: Record<string, { values: readonly string[]; labels: Readonly<Record<string, string>> }> = {
  "staff roles": { values: ROLES, labels: ROLE_LABELS },
  "traffic sources": { values: TRAFFIC_SOURCES, labels: TRAFFIC_SOURCE_LABELS },
  "email kinds": { values: OUTBOX_KINDS, labels: OUTBOX_KIND_LABELS },
  "email states": { values: OUTBOX_STATUSES, labels: OUTBOX_STATUS_LABELS },
  "audit actions": { values: AUDIT_ACTIONS, labels: AUDIT_ACTION_LABELS },
  "audit targets": { values: AUDIT_TARGET_TYPES, labels: AUDIT_TARGET_LABELS },
  "webhook events": { values: WEBHOOK_EVENTS, labels: WEBHOOK_EVENT_LABELS },
  "webhook delivery states": { values: WEBHOOK_DELIVERY_STATUSES, labels: WEBHOOK_DELIVERY_STATUS_LABELS },
  "API key scopes": { values: API_KEY_SCOPES, labels: API_KEY_SCOPE_LABELS },
  "privacy request kinds": { values: PRIVACY_REQUEST_KINDS, labels: PRIVACY_KIND_LABELS },
  "privacy request states": { values: PRIVACY_REQUEST_STATUSES, labels: PRIVACY_STATUS_LABELS },
  stages: { values: STAGES, labels: STAGE_LABELS },
  "funnel steps": { values: FUNNEL_STEPS, labels: FUNNEL_STEP_LABELS },
  "funnel groups": { values: FUNNEL_GROUPS, labels: FUNNEL_GROUP_LABELS },
};

describe("staff-facing label maps", () => {
  for (const [name, { values, labels }] of Object.entries(MAPS)) {
    it(`${name}: every value has a label in words, and no label names a value that does not exist`, () => {
      for (const value of values) {
        const label = labels[value];
        expect(label, `${name}: ${value} has no label`).toBeTruthy();
        expect(label, `${name}: the label of ${value} is an identifier`).not.toMatch(IDENTIFIER);
        if (/[_.:]/.test(value)) expect(label).not.toBe(value);
      }
      expect(Object.keys(labels).toSorted()).toEqual(values.toSorted());
    });
  }

  it("the applications and audit filters offer their choices by label", () => {
    const filterLabels = [...APPLICATIONS_LIST.filters, ...AUDIT_LIST.filters].flatMap((filter) => ("options" in filter ? filter.options.map((option) => option.label) : []));
    expect(filterLabels.length).toBeGreaterThan(AUDIT_ACTIONS.length);
    for (const label of filterLabels) expect(label).not.toMatch(IDENTIFIER);
  });

  it("a value the maps do not know yet still reads as words", () => {
    expect(outboxKindLabel("staff_daily_digest")).toBe("Staff daily digest");
    expect(auditActionLabel("report_print")).toBe("Report print");
    expect(auditTargetLabel("email_outbox")).toBe("Email outbox");
    expect(outboxStatusLabel("capped")).toBe("Capped");
    expect(trafficSourceLabel("google_ads")).toBe("Google ads");
  });
});
