import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brand, facts, mergeBrand } from "./brand";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|md|svg)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("brand configuration", () => {
  it("offers one year of free storage worth about $1,000", () => {
    expect(brand.pilot.storageYears).toBe(1);
    expect(brand.pilot.storageValue).toBe(1000);
    expect(facts.storage).toBe("1 year of free storage");
    expect(facts.storageValue).toBe("about $1,000");
  });

  it("no page or module repeats the wrong storage offer (3 years / $3,000)", () => {
    const offenders = ["app", "core", "server"].flatMap((dir) =>
      sourceFiles(path.resolve(dir)).filter((file) => /3[\s-]*years?|\$\s?3,?000/i.test(readFileSync(file, "utf8"))),
    );
    expect(offenders).toEqual([]);
  });

  it("derives display facts from the numbers", () => {
    expect(facts.price).toBe("$1,375");
    expect(facts.regularPrice).toBe("$2,750");
    expect(facts.assessmentPath).toBe("/ovellaiq");
    expect(facts.exportPrefix).toBe("ovella");
  });

  it("deep-merges deploy-time overrides without losing defaults", () => {
    const merged = mergeBrand(brand, { name: "Other", pilot: { spots: 30 } });
    expect(merged.name).toBe("Other");
    expect(merged.pilot.spots).toBe(30);
    expect(merged.pilot.price).toBe(brand.pilot.price);
    expect(merged.legal.entity).toBe(brand.legal.entity);
  });
});
