/**
 * The TikTok embed's behaviour, in plain DOM code (./tiktok-embed renders the poster): on request it
 * puts TikTok's embed markup in place of the poster and adds TikTok's script to the document; the
 * script is removed again when the embed leaves the page (docs/requirements.md §2). Nothing loads from TikTok before.
 */
import { brand } from "#core/brand";

export const TIKTOK_SCRIPT_SRC = "https://www.tiktok.com/embed.js";
export const TIKTOK_SCRIPT_ID = "tiktok-embed-script";

export type TikTokKind = "video" | "profile";

const PROFILE_URL = `https://www.tiktok.com/@${brand.media.tiktokProfile}`;

/** TikTok's own markup for a video or a creator profile, with a plain link until its script replaces it. */
function embed(kind: TikTokKind, title: string): HTMLElement {
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
    link.textContent = `Watch “${title}” on TikTok (opens in a new tab)`;
  } else {
    quote.cite = PROFILE_URL;
    quote.dataset.uniqueId = brand.media.tiktokProfile;
    quote.dataset.embedType = "creator";
    link.href = PROFILE_URL;
    link.textContent = `@${brand.media.tiktokProfile} on TikTok (opens in a new tab)`;
  }
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

/** Wires a TikTok embed (`data-widget="tiktok"`, `data-tiktok-kind`, `data-tiktok-title`, a `data-tiktok-load` button). */
export function wireTikTokEmbed(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>("[data-tiktok-load]");
  const kind: TikTokKind = root.dataset.tiktokKind === "profile" ? "profile" : "video";
  const title = root.dataset.tiktokTitle;
  if (!button || !title) return () => {};
  let script: HTMLElement | null = null;
  const load = () => {
    const quote = embed(kind, title);
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
