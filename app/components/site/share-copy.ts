/** What the share panel's two runtimes (./share-panel.tsx and the page script's wiring) agree on. */

/** How long Copy Link says "Copied!". */
export const COPIED_MS = 2000;
