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
  // The play control sits in a bar below the poster, never on it: the poster's own title stays
  // uncovered at every width.
  return (
    <div className={cn("w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}>
      {playing ? (
        <>
          <div className="relative aspect-video w-full">
            <iframe
              className="absolute inset-0 h-full w-full"
              src={`${VIDEO_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0&modestbranding=1`}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
              allowFullScreen
            />
          </div>
          <p className="flex min-h-16 items-center px-4 py-3 text-sm font-semibold text-white">{title}</p>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group block w-full text-left focus-visible:outline-offset-[-4px]"
        >
          <img src={poster} alt="" width={1280} height={720} className="block aspect-video h-auto w-full object-cover" />
          <span className="grid min-h-16 grid-cols-[auto_1fr] items-center gap-x-3 px-4 py-3 text-sm text-white">
            <span className="row-span-2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-brand-strong shadow-xl transition-transform group-hover:scale-105">
              <PlayIcon className="ml-0.5 h-5 w-5" />
            </span>
            <span className="font-semibold">Play video: {title}</span>{" "}
            <span className="text-xs text-white/90">Plays from youtube-nocookie.com once you press play.</span>
          </span>
        </button>
      )}
    </div>
  );
}
