/**
 * What the admin starts while a stored session is checked with the server, so the first rows do not
 * wait for a chain (session check → page code → first page): the code of the page asked for and, on
 * the dashboard's Applications tab, its first page; on the Funnel tab, its chunk and its two reads. The page answer stays unseen in `parts/session/prefetch.ts`
 * until the dashboard mounts after a confirmed session; a refused session discards it.
 */
import { APPLICATIONS_LIST_PATH, DEFAULT_LIST_SORT, DEFAULT_PAGE_SIZE, listQueryOf, pagePath } from "../parts/lists/list-path";
import { SESSION_CHECK_PATH, storedToken } from "../parts/session/auth";
import { preloadFunnelTab } from "../tabs/funnel";
import { DEFAULT_FUNNEL_GROUP, funnelPath, STUCK_PATH } from "../tabs/funnel/queries";
import { dashboardPage, recordPage } from "./lazy-pages";
import { prefetch } from "../parts/session/prefetch";

const ignore = () => undefined;

export function warmUpAdmin(pathname: string, search: string, token: string): void {
  prefetch(SESSION_CHECK_PATH, token);
  const path = pathname.replace(/\/+$/, "");
  if (path === "/admin") {
    dashboardPage.preload().catch(ignore);
    const tab = new URLSearchParams(search).get("tab");
    if (tab === null || tab === "applications") {
      prefetch(pagePath(APPLICATIONS_LIST_PATH, listQueryOf("", DEFAULT_LIST_SORT), DEFAULT_PAGE_SIZE, null), token);
    } else if (tab === "funnel") {
      // The tab's chunk (with the chart library) and its two reads, all at once.
      preloadFunnelTab().catch(ignore);
      prefetch(funnelPath(DEFAULT_FUNNEL_GROUP), token);
      prefetch(STUCK_PATH, token);
    }
  } else if (/^\/admin\/(applications|contact)\/[^/]+$/.test(path)) {
    recordPage.preload().catch(ignore);
  }
}

let warmedUp = false;

/** Once per page load: warms up the page in the address bar when a session is stored. */
export function warmUpStoredSession(): void {
  if (warmedUp) return;
  warmedUp = true;
  const token = storedToken();
  if (token) warmUpAdmin(window.location.pathname, window.location.search, token);
}
