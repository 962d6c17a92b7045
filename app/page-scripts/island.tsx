/**
 * Reading an island back in the page script: the props its server-side mark (Island, in
 * components/ui/island.tsx, re-exported here) was rendered with.
 */
export { Island } from "~/components/ui/island";

/** The props an island was rendered with (its `data-island-props`), or none. */
export function islandProps(root: HTMLElement): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(root.dataset.islandProps ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}
