import * as React from "react";
import { brand } from "#core/brand";
import { cn } from "../ui/cn";
import { PlayIcon } from "./icons";

export const TIKTOK_SCRIPT_SRC = "https://www.tiktok.com/embed.js";
export const TIKTOK_SCRIPT_ID = "tiktok-embed-script";

/**
 * Adds TikTok's embed script to the document while `active` is true and removes it when the
 * component leaves the page (spec §2: loaded on this page, removed when leaving).
 */
export function useTikTokScript(active: boolean) {
  React.useEffect(() => {
    if (!active) return;
    let script = document.getElementById(TIKTOK_SCRIPT_ID);
    if (!script) {
      const el = document.createElement("script");
      el.id = TIKTOK_SCRIPT_ID;
      el.src = TIKTOK_SCRIPT_SRC;
      el.async = true;
      document.body.appendChild(el);
      script = el;
    }
    return () => {
      script.remove();
    };
  }, [active]);
}

/** A TikTok video or creator-profile embed behind our own poster; nothing loads until the visitor asks. */
export function TikTokEmbed({
  kind = "video",
  title,
  poster,
  className,
}: {
  kind?: "video" | "profile";
  title: string;
  poster: string;
  className?: string;
}) {
  const [active, setActive] = React.useState(false);
  useTikTokScript(active);
  const profileUrl = `https://www.tiktok.com/@${brand.media.tiktokProfile}`;
  const actionLabel = kind === "video" ? `Play video: ${title}` : `Load ${title}`;
  return (
    <div className={cn("relative mx-auto w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}>
      {active ? (
        kind === "video" ? (
          <blockquote
            className="tiktok-embed m-0 min-h-full bg-surface p-6 text-ink"
            cite={`${profileUrl}/video/${brand.media.tiktokVideoId}`}
            data-video-id={brand.media.tiktokVideoId}
          >
            <section>
              <a href={`${profileUrl}/video/${brand.media.tiktokVideoId}`} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline">
                Watch “{title}” on TikTok (opens in a new tab)
              </a>
            </section>
          </blockquote>
        ) : (
          <blockquote
            className="tiktok-embed m-0 min-h-full bg-surface p-6 text-ink"
            cite={profileUrl}
            data-unique-id={brand.media.tiktokProfile}
            data-embed-type="creator"
          >
            <section>
              <a href={profileUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline">
                @{brand.media.tiktokProfile} on TikTok (opens in a new tab)
              </a>
            </section>
          </blockquote>
        )
      ) : (
        <button
          type="button"
          onClick={() => setActive(true)}
          className="group block w-full text-left focus-visible:outline-offset-[-4px]"
        >
          <img
            src={poster}
            alt=""
            width={kind === "video" ? 540 : 960}
            height={kind === "video" ? 960 : 540}
            className="block h-auto w-full"
          />
          {/* Below the poster, never on it: the poster's own title stays uncovered at every width. */}
          <span className="grid min-h-16 grid-cols-[auto_1fr] items-center gap-x-3 px-4 py-3 text-sm text-white">
            <span className="row-span-2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-brand-strong shadow-xl transition-transform group-hover:scale-105">
              <PlayIcon className="ml-0.5 h-5 w-5" />
            </span>
            <span className="font-semibold">{actionLabel}</span>{" "}
            <span className="text-xs text-white/90">Loads content from tiktok.com once you press here.</span>
          </span>
        </button>
      )}
    </div>
  );
}
