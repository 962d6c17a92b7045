/**
 * The TikTok embed's behaviour, in plain DOM code (./tiktok-embed renders the poster): on request it
 * puts TikTok's embed markup in place of the poster and adds TikTok's script to the document; the
 * script is removed again when the embed leaves the page (docs/requirements.md §2). Nothing loads from TikTok before.
 * The plain link's words are the server's, in the page's language (`data-tiktok-link`, ADR 0113).
 */
import { brand } from "#core/brand";

export const TIKTOK_SCRIPT_SRC = "https://www.tiktok.com/embed.js";
export const TIKTOK_SCRIPT_ID = "tiktok-embed-script";

export type TikTokKind = "video" | "profile";

const PROFILE_URL = `https://www.tiktok.com/@${brand.media.tiktokProfile}`;

/** TikTok's own markup for a video or a creator profile, with a plain link (`linkText`) until its script replaces it. */
function embed(kind: TikTokKind, linkText: string): HTMLElement {
  const quote = document.createElement("blockquote");
  quote.className = "tiktok-embed m-0 min-h-full bg-surface p-6 text-ink";
  const link = document.createElement("a");
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  link.className = "font-semibold text-brand underline";
  if (kind === "video") {
    const url = `${PROFILE_URL}/video/${brand.media.tiktokVideoId}`;
    quote.cite = url;
    quote.dataset.videoId = brand.media.tiktokVideoId;
    link.href = url;
  } else {
    quote.cite = PROFILE_URL;
    quote.dataset.uniqueId = brand.media.tiktokProfile;
    quote.dataset.embedType = "creator";
    link.href = PROFILE_URL;
  }
  link.textContent = linkText;
  const section = document.createElement("section");
  section.append(link);
  quote.append(section);
  return quote;
}

function addScript(): HTMLElement {
  const existing = document.getElementById(TIKTOK_SCRIPT_ID);
  if (existing) return existing;
  const script = document.createElement("script");
  script.id = TIKTOK_SCRIPT_ID;
  script.src = TIKTOK_SCRIPT_SRC;
  script.async = true;
  document.body.append(script);
  return script;
}

/** Wires a TikTok embed (`data-widget="tiktok"`, `data-tiktok-kind`, `data-tiktok-link`, a `data-tiktok-load` button). */
export function wireTikTokEmbed(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>("[data-tiktok-load]");
  const kind: TikTokKind = root.dataset.tiktokKind === "profile" ? "profile" : "video";
  const linkText = root.dataset.tiktokLink;
  if (!button || !linkText) return () => {};
  let script: HTMLElement | null = null;
  const load = () => {
    const quote = embed(kind, linkText);
    button.replaceWith(quote);
    quote.querySelector("a")?.focus();
    script = addScript();
  };
  button.addEventListener("click", load, { once: true });
  return () => {
    button.removeEventListener("click", load);
    script?.remove();
  };
}
