/**
 * What a route may declare in its `handle`. `hydrate: false`: the page never changes in the browser,
 * so it is served without React's scripts; app/enhance/static-page.ts does the little it needs.
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** Pages that set this handle ship no React to the browser. */
export const STATIC_PAGE: PageHandle = { hydrate: false };

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
