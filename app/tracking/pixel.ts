/**
 * The advertising pixel, loaded by our own code: a script element with the CSP nonce (no inline
 * script, no inline handlers) and the small fbq command queue the pixel script drains when it
 * arrives. Every call checks consent again and passes the allow-list guard; errors are logged,
 * never shown.
 */
import { guardEventParams, guardMatching, PIXEL_EVENTS, type EventParams, type PixelEventKey } from "./events";

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

export interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** Tells the pixel script not to report history changes on its own; our page tracker does. */
  disablePushState?: boolean;
}

export interface PixelWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

/** Adds an async script element (with the CSP nonce) to the page. */
export type ScriptLoader = (src: string, nonce: string | undefined, onError: () => void) => void;

/** The browser's script loader: a plain element, no inline code, no inline handler attributes. */
export function domScriptLoader(doc: Document): ScriptLoader {
  return (src, nonce, onError) => {
    const script = doc.createElement("script");
    script.async = true;
    script.src = src;
    if (nonce) script.nonce = nonce;
    script.addEventListener("error", onError);
    doc.head.appendChild(script);
  };
}

export interface PixelDeps {
  win: PixelWindow;
  loadScript: ScriptLoader;
  pixelId: string | null;
  nonce?: string;
  /** Asked before every call: nothing is loaded or sent without consent. */
  hasConsent: () => boolean;
  log: Pick<Console, "warn" | "error">;
}

export interface Pixel {
  /** Whether a pixel id is configured. */
  readonly configured: boolean;
  /** Sends one event of docs/requirements.md §7 with its event id. Returns whether it was handed to the pixel. */
  send(event: PixelEventKey, params: EventParams, eventId: string): boolean;
  /** Enhanced matching (after a successful application). */
  identify(data: { em?: string; fn?: string; ln?: string; st?: string }): boolean;
  /** Withdraws consent in the pixel (after a decline that followed an accept). */
  revoke(): void;
}

/** The same queue the vendor snippet would create, built here instead of in an inline script. */
export function installFbqQueue(win: PixelWindow): Fbq {
  if (win.fbq) return win.fbq;
  const queue: unknown[][] = [];
  const fbq: Fbq = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    },
    { queue, loaded: true, version: "2.0" },
  ) as Fbq;
  fbq.push = fbq;
  fbq.disablePushState = true;
  win.fbq = fbq;
  win._fbq ??= fbq;
  return fbq;
}

export function createPixel(deps: PixelDeps): Pixel {
  let loaded = false;
  let warned = false;
  const pixelId = deps.pixelId && /^\d{5,20}$/.test(deps.pixelId) ? deps.pixelId : null;

  function available(): Fbq | null {
    if (!deps.hasConsent()) return null;
    if (!pixelId) {
      if (!warned) {
        warned = true;
        deps.log.warn("Advertising pixel unavailable: META_PIXEL_ID is not configured; tracking calls are skipped.");
      }
      return null;
    }
    const fbq = installFbqQueue(deps.win);
    if (!loaded) {
      loaded = true;
      fbq("consent", "grant");
      // No automatic collection (button texts, page metadata): only the events below are sent.
      fbq("set", "autoConfig", false, pixelId);
      fbq("init", pixelId);
      deps.loadScript(PIXEL_SCRIPT_URL, deps.nonce, () => deps.log.warn("Advertising pixel script failed to load."));
    }
    return fbq;
  }

  return {
    configured: pixelId !== null,
    send(event, params, eventId) {
      try {
        const fbq = available();
        if (!fbq) return false;
        const definition = PIXEL_EVENTS[event];
        fbq(definition.custom ? "trackCustom" : "track", definition.name, guardEventParams(params), {
          eventID: String(eventId),
        });
        return true;
      } catch (error) {
        deps.log.error("Advertising event failed", error);
        return false;
      }
    },
    identify(data) {
      try {
        const fbq = available();
        if (!fbq || !pixelId) return false;
        const matching = guardMatching(data);
        if (Object.keys(matching).length === 0) return false;
        fbq("init", pixelId, matching);
        return true;
      } catch (error) {
        deps.log.error("Advertising matching failed", error);
        return false;
      }
    },
    revoke() {
      try {
        if (loaded) deps.win.fbq?.("consent", "revoke");
      } catch (error) {
        deps.log.error("Advertising consent revoke failed", error);
      }
    },
  };
}
