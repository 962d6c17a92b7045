/** The form islands a page can hold; each has a hydrate module in this folder (see ../islands.ts). */
export type { IslandName } from "~/components/ui/island";
