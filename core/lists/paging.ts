/**
 * Page sizes and addresses of the staff admin's server-side lists: written once, read by the server's
 * query validation and by the browser (the sign-in screen's first load prefetches a first page, so this
 * module holds no validator and no React).
 */
/** The page sizes the admin offers; the server accepts any size between the first and the last. */
export const PAGE_SIZES = [50, 100] as const;
export const PAGE_SIZE_MIN = PAGE_SIZES[0];
export const PAGE_SIZE_MAX = PAGE_SIZES[PAGE_SIZES.length - 1] as number;
export const PAGE_SIZE_DEFAULT = PAGE_SIZES[0];
/**
 * A first page counts the filtered rows up to this many; above it `total` is null and the list's
 * stats call (which counts any size exactly) gives the figure.
 */
export const PAGE_TOTAL_LIMIT = 10_000;

/** Where each list answers: `GET path` (a page), `path/stats`, `path/export`, `path/:id`, `DELETE path/:id`. */
export const LIST_PATHS = {
  applications: "/api/admin/applications",
  contact: "/api/admin/contact",
  audit: "/api/admin/audit",
} as const;

