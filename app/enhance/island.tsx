/**
 * The server-side mark of a form island: the part of a page served without React (ISLAND_PAGE) that
 * the page's script hydrates, on its own, once a visitor starts using it (./islands). The same
 * component renders as usual where React runs the whole page (a client-side navigation).
 */
import type * as React from "react";
import type { IslandName } from "./islands/names";

export function Island({ name, children }: { name: IslandName; children: React.ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
