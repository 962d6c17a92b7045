/** What every route module is built from. */
import type { AppDeps } from "../../deps";
import type { AppServices } from "../../services";

export interface RouteContext {
  deps: AppDeps;
  services: AppServices;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
