/**
 * Runs a widget's plain DOM behaviour (a `*.widget.ts` module) on the element React rendered, for as
 * long as the component is on the page. The same function wires the widget on pages served without
 * React (app/page-scripts/widgets), so each behaviour is written once. The widget changes only what React
 * rendered once and never renders again (its props are fixed), so the two never fight over the DOM.
 */
import * as React from "react";

export type WireWidget<E extends HTMLElement = HTMLElement> = (root: E) => () => void;

export function useWidget<E extends HTMLElement>(wire: WireWidget<E>): React.RefObject<E | null> {
  const ref = React.useRef<E>(null);
  React.useEffect(() => {
    const root = ref.current;
    return root ? wire(root) : undefined;
  }, [wire]);
  return ref;
}
