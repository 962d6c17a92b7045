import { brand } from "#core/brand";
import { useSiteWords } from "~/lib/site-words";
import { cn } from "../ui/cn";
import { FacadeButton } from "./facade-button";
import { type TikTokKind, wireTikTokEmbed } from "./tiktok-embed.widget";
import { useWidget } from "../ui/use-widget";

/**
 * A TikTok video or creator-profile embed behind our own poster; nothing loads until the visitor asks (./tiktok-embed.widget).
 * `label`: the button's action, when "Load {title}" does not say it well (a profile's feed).
 */
export function TikTokEmbed({
  kind = "video",
  title,
  label,
  poster,
  className,
}: {
  kind?: TikTokKind;
  title: string;
  label?: string;
  poster: string;
  className?: string;
}) {
  const { t } = useSiteWords();
  const ref = useWidget<HTMLDivElement>(wireTikTokEmbed);
  const actionLabel = label ?? t(kind === "video" ? "video.play" : "video.load", { title });
  const linkText = kind === "video" ? t("video.tiktok.watch", { title }) : t("video.tiktok.profile", { profile: brand.media.tiktokProfile });
  return (
    <div
      ref={ref}
      data-widget="tiktok"
      data-tiktok-kind={kind}
      data-tiktok-link={linkText}
      className={cn("relative mx-auto w-full overflow-hidden rounded-3xl bg-ink shadow-lg", className)}
    >
      <FacadeButton
        hook="data-tiktok-load"
        poster={{ src: poster, width: kind === "video" ? 540 : 960, height: kind === "video" ? 960 : 540, className: "block h-auto w-full" }}
        label={actionLabel}
        source={t("video.source.tiktok")}
      />
    </div>
  );
}
