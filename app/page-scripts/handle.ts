/**
 * What a route may declare in its `handle`. `hydrate: false`: the page never changes in the browser,
 * so it is served without React's scripts; app/page-scripts/static-page.ts does the little it needs.
 * `islands: true` (with `hydrate: false`): the page holds form islands (./island) that the same
 * script hydrates, each on its own, when a visitor starts using it.
 */
export interface PageHandle {
  hydrate?: boolean;
  islands?: boolean;
}

/** Pages that set this handle ship no React to the browser. */
export const STATIC_PAGE: PageHandle = { hydrate: false };

/** A page served without React's scripts whose forms are islands, hydrated on first use. */
export const ISLAND_PAGE: PageHandle = { hydrate: false, islands: true };

type Matches = readonly { handle?: unknown }[];

export function wantsHydration(matches: Matches): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}

export function hasIslands(matches: Matches): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.islands === true);
}
