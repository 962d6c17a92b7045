/**
 * The server-side mark of a form island: the part of a page served without React (ISLAND_PAGE) that
 * the page's script hydrates, on its own, once a visitor starts using it (./islands). The same
 * component renders as usual where React runs the whole page (a client-side navigation). `props`:
 * the plain values the island's component was rendered with, which its hydrate module reads back.
 */
import type * as React from "react";
import type { IslandName } from "./islands/names";

export function Island({
  name,
  props,
  children,
}: {
  name: IslandName;
  props?: Record<string, string>;
  children: React.ReactNode;
}) {
  return (
    <div data-island={name} data-island-props={props ? JSON.stringify(props) : undefined} className="contents">
      {children}
    </div>
  );
}

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
