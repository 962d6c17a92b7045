// Reads deploy-time brand overrides: BRAND_CONFIG names a JSON file deep-merged over core/brand.ts defaults.
import { readFileSync } from "node:fs";
import path from "node:path";

export function readBrandOverrides(env = process.env) {
  const file = env.BRAND_CONFIG;
  if (!file) return {};
  const parsed = JSON.parse(readFileSync(path.resolve(file), "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`BRAND_CONFIG ${file} must hold a JSON object`);
  }
  return parsed;
}
