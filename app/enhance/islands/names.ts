/** The form islands a page can hold; each has a hydrate module in this folder (see ../islands.ts). */
export type IslandName = "contact-form" | "signup-form";
