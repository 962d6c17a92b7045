/**
 * React Router's scripts, fetched once the page has painted instead of with the HTML.
 *
 * `<Scripts>` would put a `modulepreload` for every chunk of the page (React, the router, the site
 * shell, the route) at the top of the document, where they share a slow phone connection with the
 * stylesheet, the fonts and the images and delay the first paint. Here the server renders them inside
 * a `<noscript>` (inert text for a browser that runs scripts; React never hydrates its inside), and a
 * small inline script right after it:
 *   - runs the router's context script at once (the loader data streamed below it needs it);
 *   - holds the submit of a form without an action (the signup and contact forms are JavaScript
 *     forms) until the page is live, so it is never sent by the browser itself, and gives the held
 *     forms to the root once it has hydrated (`takeHeldSubmits`);
 *   - adds the preloads and the module script once the page has loaded (`load`) and painted its first content, or at
 *     once on the first tap, key press or focus, whichever comes first; at once on a page that the
 *     browser renders itself (`eagerScripts` in the route's handle: the staff admin).
 * docs/decisions/0023-scripts-after-first-paint.md
 */
import { Scripts } from "react-router";

interface AppScriptsHandle {
  /** Forms submitted before the page was live; stops holding further submits. */
  release(): HTMLFormElement[];
}

declare global {
  interface Window {
    __appScripts?: AppScriptsHandle;
  }
}

/**
 * The inline script. It runs as plain browser code (its source is inlined into the page), so it uses
 * nothing from outside its own body.
 */
function startAppScripts(): void {
  const self = document.currentScript as HTMLScriptElement | null;
  const box = self?.previousElementSibling;
  if (!self || !box) return;
  const nonce = self.nonce;
  const parsed = document.createElement("template");
  parsed.innerHTML = box.textContent ?? "";
  const scripts = Array.from(parsed.content.querySelectorAll("script"));
  const run = (from: HTMLScriptElement) => {
    const script = document.createElement("script");
    if (from.type) script.type = from.type;
    script.nonce = nonce;
    script.textContent = from.textContent;
    document.body.append(script);
  };
  for (const script of scripts) if (script.type !== "module") run(script);

  const triggers = ["pointerdown", "touchstart", "keydown", "focusin", "input"];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    for (const link of Array.from(parsed.content.querySelectorAll("link[rel=modulepreload]"))) {
      const preload = document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = link.getAttribute("href") ?? "";
      preload.nonce = nonce;
      document.head.append(preload);
    }
    for (const script of scripts) if (script.type === "module") run(script);
  };

  const held: HTMLFormElement[] = [];
  const hold = (event: Event) => {
    const form = event.target;
    // A form with an action (a router <Form method="post">) works without scripts: the browser sends it.
    if (!(form instanceof HTMLFormElement) || form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(form)) held.push(form);
    start();
  };
  addEventListener("submit", hold, true);
  window.__appScripts = {
    release() {
      removeEventListener("submit", hold, true);
      return held.splice(0);
    },
  };

  if (box.getAttribute("data-app-scripts") === "eager") {
    start();
    return;
  }
  for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
  // Once everything the page needs to show has arrived (`load`) and its first content has been painted
  // (the `first-contentful-paint` entry), a frame later. A hidden page paints nothing, hence the timer.
  let loaded = false;
  let painted = false;
  const whenReady = () => {
    if (loaded && painted) requestAnimationFrame(() => setTimeout(start, 0));
  };
  try {
    const paints = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      paints.disconnect();
      painted = true;
      whenReady();
    });
    paints.observe({ type: "paint", buffered: true });
  } catch {
    painted = true;
  }
  const afterLoad = () => {
    loaded = true;
    setTimeout(start, 3000);
    whenReady();
  };
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
}

const BOOTSTRAP = `(${startAppScripts.toString()})()`;

/** Forms a visitor submitted before the page was live (each once); from now on React handles submits. */
export function takeHeldSubmits(): HTMLFormElement[] {
  return window.__appScripts?.release() ?? [];
}

/** `eager`: fetch the scripts at once (a page the browser renders itself, see PageHandle). */
export function AppScripts({ nonce, eager }: { nonce: string | undefined; eager: boolean }) {
  return (
    <>
      <noscript data-app-scripts={eager ? "eager" : "after-paint"}>
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BOOTSTRAP }} />
    </>
  );
}
