import { cn } from "../ui/cn";
import { FacadeButton } from "./facade-button";
import { type TikTokKind, wireTikTokEmbed } from "./tiktok-embed.widget";
import { useWidget } from "../ui/use-widget";

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
      <FacadeButton
        hook="data-tiktok-load"
        poster={{ src: poster, width: kind === "video" ? 540 : 960, height: kind === "video" ? 960 : 540, className: "block h-auto w-full" }}
        label={actionLabel}
        source="Loads content from tiktok.com once you press here."
      />
    </div>
  );
}
