/**
 * The eligibility rule is written twice: in core/pipeline (the reasons staff read) and as the generated
 * column applications.eligible (migration 0008, what the list filters on). This fails when they differ
 * anywhere on the rule's edges: ages around both limits, states, every pilot prefix and its neighbours,
 * malformed and missing ZIP codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eligibilityOf } from "#core/pipeline/eligibility";
import { PILOT_ZIP_AREAS } from "#core/pipeline/pilot-zip-codes";
import { applications } from "../../server/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";

const prefixes = PILOT_ZIP_AREAS.flatMap((a) => a.prefixes);
const neighbours = prefixes.flatMap((p) => [String(Number(p) - 1).padStart(3, "0"), String(Number(p) + 1).padStart(3, "0")]);
const EDGE_ZIPS = new Set([...prefixes, ...neighbours].flatMap((p) => [`${p}00`, `${p}99`]));
const ZIPS: (string | null)[] = [...EDGE_ZIPS, null, "9411", "94a10"];
const AGES = [17, 18, 34, 35, 36];
const STATES = ["California", "Texas", "Non-US"];

describe.each(TEST_ENGINES)("eligibility in the database and in core agree (%s)", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  it("gives the same verdict for every edge case", async () => {
    const rows = AGES.flatMap((age) =>
      STATES.flatMap((state) =>
        ZIPS.map((zipCode) => ({ firstName: "E", lastName: "T", email: "e@example.com", age, state, zipCode, interestLevel: "x", formSource: "main page" })),
      ),
    );
    const stored = await database.db
      .insert(applications)
      .values(rows)
      .returning({ age: applications.age, state: applications.state, zipCode: applications.zipCode, eligible: applications.eligible });
    const disagreements = stored.filter((row) => row.eligible !== eligibilityOf(row).eligible);
    expect(disagreements).toEqual([]);
    expect(stored.some((row) => row.eligible)).toBe(true);
  });
});
