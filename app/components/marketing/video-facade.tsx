import * as React from "react";
import { cn } from "../ui/cn";
import { PlayIcon } from "./icons";

export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * A video that loads nothing from the video service until the visitor presses play: our own poster
 * first, then the privacy-enhanced player in an iframe.
 */
export function VideoFacade({
  videoId,
  title,
  poster,
  className,
}: {
  videoId: string;
  title: string;
  poster: string;
  className?: string;
}) {
  const [playing, setPlaying] = React.useState(false);
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}>
      {playing ? (
        <iframe
          className="absolute inset-0 h-full w-full"
          src={`${VIDEO_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0&modestbranding=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex h-full w-full items-center justify-center focus-visible:outline-offset-[-4px]"
        >
          <img src={poster} alt="" width={1280} height={720} className="absolute inset-0 h-full w-full object-cover" />
          <span className="relative inline-flex h-18 w-18 items-center justify-center rounded-full bg-white/95 text-brand-strong shadow-xl transition-transform group-hover:scale-105">
            <PlayIcon className="ml-1 h-8 w-8" />
          </span>
          <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-4 pt-10 pb-3 text-left text-sm text-white">
            <span className="font-semibold">Play video: {title}</span>{" "}
            <span className="block text-xs text-white/90">Plays from youtube-nocookie.com once you press play.</span>
          </span>
        </button>
      )}
    </div>
  );
}
