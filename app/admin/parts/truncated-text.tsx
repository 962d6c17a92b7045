/**
 * Long free text in table cells (docs/requirements.md §2: shown truncated, the full text on hover): each cell is a
 * plain button, and one tooltip (`CellTooltips`, around the table) serves every cell of the table,
 * so a page of rows mounts no tooltip machinery per cell. It behaves like the admin's other tooltips
 * (docs/requirements.md §4, §9): opens 700 ms after the pointer rests on a cell (at once within 300 ms of another one
 * closing) and at once on keyboard focus; closes on leave, blur, click, press, Escape or scroll.
 * Escape dismisses the tooltip only (WCAG 1.4.13): the key goes no further, so it does not also clear the search
 * field that has focus or close a dialog around the table, and the dismissed cell's tooltip does not come back
 * while the pointer still rests on it (only once the pointer has left the cell, or the cell gets keyboard focus).
 */
import { type FocusEvent, type PointerEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/components/ui/tooltip";

const TRIGGER = "[data-full-text]";

/** Long free text shown on one line; the full text opens in the table's shared tooltip. */
export function TruncatedText({ text }: { text: string | null | undefined }) {
  if (!text) return <span className="text-ink-muted">—</span>;
  return (
    <button type="button" data-full-text="" className="block max-w-full cursor-default truncate rounded-sm text-left">
      {text}
    </button>
  );
}

function triggerOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(TRIGGER) : null;
}

const GAP = 6;
const EDGE = 4;

/** The one tooltip of the truncated cells inside `children`. */
export function CellTooltips({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState<HTMLElement | null>(null);
  const openRef = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);
  const pointerDown = useRef(false);
  /** The cell whose tooltip Escape dismissed while the pointer rested on it. */
  const dismissed = useRef<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);

  const show = useCallback(
    (trigger: HTMLElement) => {
      window.clearTimeout(timer.current);
      if (openRef.current === trigger) return;
      openRef.current?.removeAttribute("aria-describedby");
      trigger.setAttribute("aria-describedby", id);
      openRef.current = trigger;
      setOpen(trigger);
    },
    [id],
  );
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!openRef.current) return;
    openRef.current.removeAttribute("aria-describedby");
    openRef.current = null;
    closedAt.current = Date.now();
    setOpen(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Above the cell, centred, kept inside the window; below it when there is no room above.
  const place = useCallback(() => {
    const node = bubble.current;
    const trigger = openRef.current;
    if (!node || !trigger) return;
    const cell = trigger.getBoundingClientRect();
    const { width, height } = node.getBoundingClientRect();
    const above = cell.top - GAP - height;
    const top = above >= EDGE ? above : cell.bottom + GAP;
    const left = Math.min(Math.max(cell.left + cell.width / 2 - width / 2, EDGE), window.innerWidth - width - EDGE);
    node.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
    node.style.visibility = "visible";
  }, []);
  useLayoutEffect(place, [open, place]);

  useEffect(() => {
    if (!open) return;
    // On the window in the capture phase, so the tooltip sees Escape before the focused control (a search field
    // would clear itself, a dialog would close) and keeps it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      if (openRef.current && document.activeElement !== openRef.current) dismissed.current = openRef.current;
      hide();
    };
    // A tooltip opened by the pointer closes on scroll; one held by keyboard focus follows its cell
    // (focusing a cell can itself scroll the table).
    const onScroll = () => (document.activeElement === openRef.current ? place() : hide());
    window.addEventListener("keydown", onKey, { capture: true });
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      window.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, [open, hide, place]);

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === "touch") return;
    const trigger = triggerOf(event.target);
    if (!trigger || trigger === openRef.current || trigger === dismissed.current) return;
    // The cell that has keyboard focus keeps its tooltip until it loses focus.
    if (openRef.current && document.activeElement === openRef.current) return;
    window.clearTimeout(timer.current);
    if (Date.now() - closedAt.current < TOOLTIP_SKIP_DELAY_MS) show(trigger);
    else timer.current = window.setTimeout(() => show(trigger), TOOLTIP_DELAY_MS);
  };
  const onPointerOut = (event: PointerEvent) => {
    const trigger = triggerOf(event.target);
    if (!trigger || (event.relatedTarget instanceof Node && trigger.contains(event.relatedTarget))) return;
    if (trigger === dismissed.current) dismissed.current = null;
    window.clearTimeout(timer.current);
    if (trigger === openRef.current && document.activeElement !== trigger) hide();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!triggerOf(event.target)) return;
    pointerDown.current = true;
    document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
    hide();
  };
  const onFocus = (event: FocusEvent) => {
    const trigger = triggerOf(event.target);
    if (trigger && !pointerDown.current) show(trigger);
  };
  const onBlur = (event: FocusEvent) => {
    if (triggerOf(event.target) === openRef.current) hide();
  };

  return (
    <div className="contents" onPointerOver={onPointerOver} onPointerOut={onPointerOut} onPointerDown={onPointerDown} onFocus={onFocus} onBlur={onBlur}>
      {children}
      {open
        ? createPortal(
            <div
              ref={bubble}
              id={id}
              role="tooltip"
              style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }}
              className="z-50 max-w-xs rounded-lg bg-ink px-3 py-1.5 text-sm break-words whitespace-pre-wrap text-white shadow-md"
            >
              {open.textContent}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
