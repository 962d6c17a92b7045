/** What every island's hydrate module does: keep what was typed, hydrate the part, say when it is live. */
import * as React from "react";
import { hydrateRoot } from "react-dom/client";

function Live({ onLive, children }: { onLive: () => void; children: React.ReactNode }) {
  React.useEffect(onLive, [onLive]);
  return children;
}

export function hydrateIsland(root: HTMLElement, element: React.ReactNode, onLive: () => void): void {
  hydrateRoot(root, <Live onLive={onLive}>{element}</Live>);
}
