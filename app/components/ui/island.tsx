/**
 * The server-side mark of a form island: the part of a page served without React (ISLAND_PAGE) that
 * the page's script hydrates, on its own, once a visitor starts using it (app/page-scripts/islands). The same
 * component renders as usual where React runs the whole page (a client-side navigation). `props`:
 * the plain values the island's component was rendered with, which its hydrate module reads back. On a page in
 * another language than English, the forms' words go with them (`words`, ADR 0113).
 */
import type * as React from "react";
import { useFormLanguage } from "~/lib/form-words";

/** The form islands a page can hold; each has a hydrate module in app/page-scripts/islands. */
export type IslandName = "contact-form" | "signup-form";

export function Island({
  name,
  props,
  children,
}: {
  name: IslandName;
  props?: Record<string, string>;
  children: React.ReactNode;
}) {
  const words = useFormLanguage();
  const carried = words ? { ...props, words: JSON.stringify(words) } : props;
  return (
    <div data-island={name} data-island-props={carried ? JSON.stringify(carried) : undefined} className="contents">
      {children}
    </div>
  );
}
