import { useSiteWords } from "~/lib/site-words";
import { cn } from "../ui/cn";
import { FacadeButton } from "./facade-button";
import { useWidget } from "../ui/use-widget";
import { wireVideoFacade } from "./video-facade.widget";

/**
 * A video that loads nothing from the video service until the visitor presses play: our own poster
 * first, then the privacy-enhanced player in an iframe (./video-facade.widget), captioned with `title` (in the
 * page's language).
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
  const { t } = useSiteWords();
  const ref = useWidget<HTMLDivElement>(wireVideoFacade);
  return (
    <div
      ref={ref}
      data-widget="video"
      data-video-id={videoId}
      data-video-title={title}
      className={cn("w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}
    >
      <FacadeButton
        hook="data-video-play"
        poster={{ src: poster, width: 1280, height: 720, className: "block aspect-video h-auto w-full object-cover" }}
        label={t("video.play", { title })}
        source={t("video.source.youtube")}
      />
    </div>
  );
}
