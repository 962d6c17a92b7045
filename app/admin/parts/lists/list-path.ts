/**
 * The addresses of a server-side list's pages, in one place: `useServerList` asks for them and the
 * admin's warm-up prefetches the first one while the session is checked, so both must spell it alike.
 * No React and no data library here: the sign-in screen's first load includes this module.
 */
import { LIST_PATHS, PAGE_SIZE_DEFAULT } from "#core/lists/paging";
import type { SortDirection } from "~/components/ui/table-parts";

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export const APPLICATIONS_LIST_PATH = LIST_PATHS.applications;
export const DEFAULT_LIST_SORT: SortState = { columnId: "submitted_at", direction: "desc" };
export const DEFAULT_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** The filters' query string with the sort: "state=Texas&sort=age&dir=asc". */
export function listQueryOf(filterQuery: string, sort: SortState): string {
  const params = new URLSearchParams(filterQuery);
  params.set("sort", sort.columnId);
  params.set("dir", sort.direction);
  return params.toString();
}

/** One page of a list: "/api/admin/applications?sort=submitted_at&dir=desc&limit=50[&cursor=…]". */
export function pagePath(basePath: string, listQuery: string, limit: number, cursor: string | null): string {
  return `${basePath}?${listQuery}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
}
