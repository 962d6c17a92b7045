import { cn } from "../ui/cn";
import { PlayIcon } from "./icons";
import { useWidget } from "./use-widget";
import { wireVideoFacade } from "./video-facade.widget";

/**
 * A video that loads nothing from the video service until the visitor presses play: our own poster
 * first, then the privacy-enhanced player in an iframe (./video-facade.widget).
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
  const ref = useWidget<HTMLDivElement>(wireVideoFacade);
  // The play control sits in a bar below the poster, never on it: the poster's own title stays
  // uncovered at every width.
  return (
    <div
      ref={ref}
      data-widget="video"
      data-video-id={videoId}
      data-video-title={title}
      className={cn("w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}
    >
      <button type="button" data-video-play="" className="group block w-full text-left focus-visible:outline-offset-[-4px]">
        <img src={poster} alt="" width={1280} height={720} className="block aspect-video h-auto w-full object-cover" />
        <span className="grid min-h-16 grid-cols-[auto_1fr] items-center gap-x-3 px-4 py-3 text-sm text-white">
          <span className="row-span-2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-brand-strong shadow-xl transition-transform group-hover:scale-105">
            <PlayIcon className="ml-0.5 h-5 w-5" />
          </span>
          <span className="font-semibold">Play video: {title}</span>{" "}
          <span className="text-xs text-white/90">Plays from youtube-nocookie.com once you press play.</span>
        </span>
      </button>
    </div>
  );
}
