import { cn } from "../ui/cn";
import { PlayIcon } from "./icons";
import { type TikTokKind, wireTikTokEmbed } from "./tiktok-embed.widget";
import { useWidget } from "./use-widget";

/** A TikTok video or creator-profile embed behind our own poster; nothing loads until the visitor asks (./tiktok-embed.widget). */
export function TikTokEmbed({
  kind = "video",
  title,
  poster,
  className,
}: {
  kind?: TikTokKind;
  title: string;
  poster: string;
  className?: string;
}) {
  const ref = useWidget<HTMLDivElement>(wireTikTokEmbed);
  const actionLabel = kind === "video" ? `Play video: ${title}` : `Load ${title}`;
  return (
    <div
      ref={ref}
      data-widget="tiktok"
      data-tiktok-kind={kind}
      data-tiktok-title={title}
      className={cn("relative mx-auto w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}
    >
      <button type="button" data-tiktok-load="" className="group block w-full text-left focus-visible:outline-offset-[-4px]">
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
    </div>
  );
}
