import type { CountItem } from "#core/contracts/lists";

/** Largest counts first, ties by label (the admin's order), optionally the first `limit`. */
export function rankCounts(items: readonly CountItem[], limit?: number): CountItem[] {
  const list = items
    .map((item) => ({ label: String(item.label), count: Number(item.count) }))
    .toSorted((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return limit === undefined ? list : list.slice(0, limit);
}
