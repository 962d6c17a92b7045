export function readBrandOverrides(env?: Record<string, string | undefined>): Record<string, unknown>;
