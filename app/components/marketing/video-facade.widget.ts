/**
 * The video facade's behaviour, in plain DOM code (./video-facade renders the poster): pressing play
 * replaces the poster with the privacy-enhanced player. Nothing is fetched from the video service before.
 */
export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

export function videoEmbedUrl(videoId: string): string {
  return `${VIDEO_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0&modestbranding=1`;
}

function player(videoId: string, title: string): HTMLElement[] {
  const frame = document.createElement("div");
  frame.className = "relative aspect-video w-full";
  const iframe = document.createElement("iframe");
  iframe.className = "absolute inset-0 h-full w-full";
  iframe.src = videoEmbedUrl(videoId);
  iframe.title = title;
  iframe.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  iframe.referrerPolicy = "strict-origin-when-cross-origin";
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox");
  iframe.allowFullscreen = true;
  frame.append(iframe);
  const caption = document.createElement("p");
  caption.className = "flex min-h-16 items-center px-4 py-3 text-sm font-semibold text-white";
  caption.textContent = title;
  return [frame, caption];
}

/** Wires a video facade (`data-widget="video"`, `data-video-id`, `data-video-title`, a `data-video-play` button). */
export function wireVideoFacade(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>("[data-video-play]");
  const { videoId, videoTitle } = root.dataset;
  if (!button || !videoId || !videoTitle) return () => {};
  const play = () => {
    const parts = player(videoId, videoTitle);
    button.replaceWith(...parts);
    // Keyboard and screen-reader users land on the player they asked for, not at the top of the page.
    parts[0]?.querySelector("iframe")?.focus();
  };
  button.addEventListener("click", play, { once: true });
  return () => button.removeEventListener("click", play);
}
