import type * as React from "react";
import { PlayIcon } from "./icons";

/**
 * The poster of a facade (video or TikTok embed) as one button: our own image, then a bar below it with
 * the play mark, the action and where the content comes from. Below the poster, never on it: the
 * poster's own title stays uncovered at every width. `hook`: the data attribute its widget finds it by.
 */
export function FacadeButton({
  hook,
  poster,
  label,
  source,
}: {
  hook: "data-video-play" | "data-tiktok-load";
  poster: React.ComponentProps<"img">;
  label: string;
  source: string;
}) {
  return (
    <button type="button" {...{ [hook]: "" }} className="group block w-full text-left focus-visible:outline-offset-[-4px]">
      <img alt="" {...poster} />
      <span className="grid min-h-16 grid-cols-[auto_1fr] items-center gap-x-3 px-4 py-3 text-sm text-white">
        <span className="row-span-2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-brand-strong shadow-xl transition-transform group-hover:scale-105">
          <PlayIcon className="ml-0.5 h-5 w-5" />
        </span>
        <span className="font-semibold">{label}</span> <span className="text-xs text-white/90">{source}</span>
      </span>
    </button>
  );
}
