/**
 * State of one server-side admin list: sort, filters (text filters debounced), the keyset cursor
 * stack for Previous/Next, the current page and the stats of the filtered rows, via TanStack Query.
 * Any change of sort or filters starts again at the first page.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ListPage } from "#core/contracts/lists";
import type { FilterDecl } from "#core/lists/declarations";
import { useAuth } from "../session/auth";
import { useAuthedRequest } from "../session/hooks";
import { takePrefetched } from "../session/prefetch";
import { DEFAULT_PAGE_SIZE, listQueryOf, pagePath, type SortState } from "./list-path";

export type { SortState } from "./list-path";

/** A filter as the admin shows it: its declaration (core/lists/declarations.ts) without how the server matches it. */
export type FilterDef = Pick<FilterDecl, "id" | "label" | "kind" | "options" | "trailing" | "mine">;

export interface ServerListOptions {
  /** e.g. "/api/admin/applications" */
  basePath: string;
  filters: readonly FilterDef[];
  defaultSort: SortState;
  pageSize?: number;
  /** Whether `${basePath}/stats` exists and is shown. */
  withStats?: boolean;
}

const DEBOUNCE_MS = 150;

/** A local calendar date (yyyy-mm-dd) → the instant its day starts (or the next day starts, for an end date). */
export function dayBoundary(value: string, nextDay: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The filters as query parameters (empty ones left out, dates as instants). */
export function filterParams(filters: readonly FilterDef[], values: Readonly<Record<string, string>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of filters) {
    const raw = values[filter.id]?.trim() ?? "";
    if (!raw) continue;
    if (filter.kind === "date-from" || filter.kind === "date-to") {
      const instant = dayBoundary(raw, filter.kind === "date-to");
      if (instant) params.set(filter.id, instant);
    } else {
      params.set(filter.id, raw);
    }
  }
  return params;
}

export function useServerList<Row extends { id: string }, Stats>({
  basePath,
  filters,
  defaultSort,
  pageSize = DEFAULT_PAGE_SIZE,
  withStats = true,
}: ServerListOptions) {
  const request = useAuthedRequest();
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [limit, setLimit] = useState(pageSize);

  // Text filters wait for a pause in typing; selects and dates apply at once.
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(filterValues), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filterValues]);
  const applied = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of filters) out[f.id] = (f.kind === "text" ? typed[f.id] : filterValues[f.id]) ?? "";
    return out;
  }, [filterValues, filters, typed]);

  const filterQuery = useMemo(() => filterParams(filters, applied).toString(), [applied, filters]);
  const listQuery = useMemo(() => listQueryOf(filterQuery, sort), [filterQuery, sort]);

  // The cursor stack belongs to one query and page size: any change starts again at the first page.
  const pagingKey = `${listQuery}|${limit}`;
  const [paging, setPaging] = useState<{ key: string; stack: string[] }>({ key: pagingKey, stack: [] });
  const cursors = useMemo(() => (paging.key === pagingKey ? paging.stack : []), [paging, pagingKey]);
  const cursor = cursors[cursors.length - 1] ?? null;

  const fetchPage = (at: string | null) => ({
    queryKey: ["admin-list", basePath, "page", listQuery, limit, at],
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      const path = pagePath(basePath, listQuery, limit, at);
      // The first page may already be on its way (started while the session was checked).
      return (at === null ? takePrefetched<ListPage<Row>>(path, token) : null) ?? request<ListPage<Row>>(path, { signal });
    },
    placeholderData: keepPreviousData,
    // Lists change while staff read them: a page shown again is fetched again.
    staleTime: 0,
  });
  // The filtered total comes with the first page (shared with page 1 itself); later pages keep it.
  const firstPage = useQuery<ListPage<Row>>(fetchPage(null));
  const page = useQuery<ListPage<Row>>(fetchPage(cursor));
  // Rows first, stats after: the aggregates (a pass over every filtered row) start once the first
  // page of the same filters has answered (not while the previous filters' rows stand in for it), so
  // they never compete with that page for the database, on the first visit or after a search.
  const firstPageAnswered = (firstPage.data !== undefined && !firstPage.isPlaceholderData) || firstPage.isError;
  const stats = useQuery<Stats>({
    queryKey: ["admin-list", basePath, "stats", filterQuery],
    queryFn: ({ signal }) => request<Stats>(`${basePath}/stats${filterQuery ? `?${filterQuery}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: withStats && firstPageAnswered,
  });
  const total = firstPage.data?.total ?? null;

  const toggleSort = useCallback((columnId: string) => {
    setSort((current) =>
      current.columnId === columnId ? { columnId, direction: current.direction === "asc" ? "desc" : "asc" } : { columnId, direction: "asc" },
    );
  }, []);
  const shownValues = useRef(filterValues);
  useEffect(() => {
    shownValues.current = filterValues;
  }, [filterValues]);
  // A value pasted or filled in (more than one character changed at once, such as a whole email
  // address) applies at once; typing still waits for the pause.
  const setFilterValue = useCallback((id: string, value: string) => {
    const before = shownValues.current[id] ?? "";
    shownValues.current = { ...shownValues.current, [id]: value };
    setFilterValues((current) => ({ ...current, [id]: value }));
    if (Math.abs(value.length - before.length) > 1) setTyped((current) => ({ ...current, [id]: value }));
  }, []);
  const clearFilters = useCallback(() => {
    setFilterValues({});
    setTyped({});
  }, []);
  const nextCursor = page.data?.nextCursor ?? null;
  const next = useCallback(() => {
    if (nextCursor) setPaging({ key: pagingKey, stack: [...cursors, nextCursor] });
  }, [cursors, nextCursor, pagingKey]);
  const previous = useCallback(() => setPaging({ key: pagingKey, stack: cursors.slice(0, -1) }), [cursors, pagingKey]);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ["admin-list", basePath] }), [basePath, queryClient]);

  return {
    basePath,
    filters,
    filterValues,
    setFilterValue,
    clearFilters,
    hasActiveFilters: Object.values(filterValues).some((v) => v.trim() !== ""),
    /** Filters as the server reads them (after the typing pause). */
    filterQuery,
    listQuery,
    sort,
    toggleSort,
    page,
    rows: page.data?.rows ?? [],
    stats,
    total,
    pageIndex: cursors.length,
    limit,
    setLimit,
    hasNext: Boolean(nextCursor),
    hasPrevious: cursors.length > 0,
    next,
    previous,
    refresh,
    isLoadingPage: page.isPending,
    /** The rows shown are those of the previous page, sort or filter, kept while the asked-for ones load. */
    isShowingPrevious: page.isPlaceholderData,
    /** True while typed filters wait for the pause or a page is being fetched. */
    isUpdating: page.isFetching || page.isPlaceholderData || filters.some((f) => f.kind === "text" && (filterValues[f.id] ?? "") !== (typed[f.id] ?? "")),
  };
}

export type ServerList<Row extends { id: string }, Stats> = ReturnType<typeof useServerList<Row, Stats>>;
