/** What every island's hydrate module does: keep what was typed, hydrate the part, say when it is live. */
import * as React from "react";
import { hydrateRoot } from "react-dom/client";
import { formLanguageFromJson, FormWordsProvider } from "~/lib/form-words";
import { islandProps } from "../island";

function Live({ onLive, children }: { onLive: () => void; children: React.ReactNode }) {
  React.useEffect(onLive, [onLive]);
  return children;
}

/** The island's form speaks the language of the words it carried (a Spanish page's, ADR 0113), English without. */
export function hydrateIsland(root: HTMLElement, element: React.ReactNode, onLive: () => void): void {
  const words = formLanguageFromJson(islandProps(root).words);
  hydrateRoot(
    root,
    <FormWordsProvider value={words}>
      <Live onLive={onLive}>{element}</Live>
    </FormWordsProvider>,
  );
}
