/**
 * What a route may declare in its `handle`. `hydrate: false`: the page never changes in the browser,
 * so it is served without React's scripts; app/enhance/static-page.ts does the little it needs.
 */
export interface PageHandle {
  hydrate?: boolean;
  /**
   * `true`: the page shows nothing useful until its scripts run (the staff admin, rendered in the
   * browser), so they are fetched at once instead of after the page has painted (./app-scripts).
   */
  eagerScripts?: boolean;
}

/** Pages that set this handle ship no React to the browser. */
export const STATIC_PAGE: PageHandle = { hydrate: false };

export function wantsEagerScripts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.eagerScripts === true);
}

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
