/**
 * The share control of a page served without React: wires the server-rendered markup of
 * components/site/share-panel.tsx with the same behaviour (device share sheet, else the panel;
 * Copy Link shows "Copied!" for 2 s; Close gives focus back to the trigger).
 */
import { COPIED_MS } from "~/components/site/share-copy";

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

export function wireSharePanel(root: ParentNode = document): void {
  const trigger = root.querySelector<HTMLButtonElement>('button[aria-controls="share-panel"]');
  const panel = root.querySelector<HTMLElement>("#share-panel");
  if (!trigger || !panel) return;
  const { shareTitle = "", shareText = "", shareUrl = "" } = trigger.dataset;
  const copyButton = panel.querySelector<HTMLButtonElement>("[data-share-copy]");
  const status = panel.querySelector<HTMLElement>("[data-share-status]");
  let copiedTimer: number | undefined;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    trigger.setAttribute("aria-expanded", String(open));
    if (open) panel.focus();
  };

  trigger.addEventListener("click", async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: shareTitle, text: shareText, url: shareUrl });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Anything else falls back to the panel.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setOpen(true);
  });

  copyButton?.addEventListener("click", async () => {
    await copyText(shareUrl);
    copyButton.textContent = "Copied!";
    if (status) status.textContent = "Link copied to the clipboard";
    window.clearTimeout(copiedTimer);
    copiedTimer = window.setTimeout(() => {
      copyButton.textContent = "Copy Link";
      if (status) status.textContent = "";
    }, COPIED_MS);
  });

  panel.querySelector<HTMLElement>("[data-share-close]")?.addEventListener("click", () => {
    setOpen(false);
    trigger.focus();
  });
}
