/**
 * The share control's behaviour (ADR 0029, 0042): the device share sheet where the browser has one,
 * otherwise the panel; Copy Link shows "Copied!" for 2 s; Close gives focus back to the trigger. Run by
 * ./share-panel.tsx through `useWidget`, and by the static page script where React does not run. The words it
 * writes come from the copy button's data attributes, rendered in the page's language (ADR 0113).
 */

/** How long Copy Link says "Copied!". */
export const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const input = document.createElement("textarea");
    input.value = text;
    document.body.appendChild(input);
    input.select();
    document.execCommand("copy");
    input.remove();
  }
}

export function wireSharePanel(root: HTMLElement): () => void {
  const trigger = root.querySelector<HTMLButtonElement>("[data-share-trigger]");
  const panel = root.querySelector<HTMLElement>("[data-share-panel]");
  if (!trigger || !panel) return () => {};
  const { shareTitle = "", shareText = "", shareUrl = "" } = trigger.dataset;
  const copyButton = panel.querySelector<HTMLButtonElement>("[data-share-copy]");
  const copyLabel = copyButton?.dataset.shareCopyLabel ?? copyButton?.textContent ?? "";
  const copiedLabel = copyButton?.dataset.shareCopiedLabel ?? copyLabel;
  const copiedStatus = copyButton?.dataset.shareCopiedStatus ?? "";
  const status = panel.querySelector<HTMLElement>("[data-share-status]");
  const wiring = new AbortController();
  const { signal } = wiring;
  let copiedTimer: number | undefined;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    trigger.setAttribute("aria-expanded", String(open));
    if (open) panel.focus();
  };

  trigger.addEventListener(
    "click",
    async () => {
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({ title: shareTitle, text: shareText, url: shareUrl });
          return;
        } catch (error) {
          // The visitor closed the share sheet: nothing to do. Anything else falls back to the panel.
          if (error instanceof DOMException && error.name === "AbortError") return;
        }
      }
      if (!signal.aborted) setOpen(true);
    },
    { signal },
  );

  copyButton?.addEventListener(
    "click",
    async () => {
      await copyText(shareUrl);
      if (signal.aborted) return;
      copyButton.textContent = copiedLabel;
      if (status) status.textContent = copiedStatus;
      window.clearTimeout(copiedTimer);
      copiedTimer = window.setTimeout(() => {
        copyButton.textContent = copyLabel;
        if (status) status.textContent = "";
      }, COPIED_MS);
    },
    { signal },
  );

  panel.querySelector<HTMLElement>("[data-share-close]")?.addEventListener(
    "click",
    () => {
      setOpen(false);
      trigger.focus();
    },
    { signal },
  );

  return () => {
    wiring.abort();
    window.clearTimeout(copiedTimer);
  };
}
