import { brand } from "#core/brand";
import { usePageWords } from "~/lib/page-words";
import { cn } from "../ui/cn";

export type SocialNetwork = "instagram" | "facebook" | "x" | "linkedin" | "tiktok";

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  x: "X",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  const common = { "aria-hidden": true, viewBox: "0 0 24 24", className: cn("h-5 w-5", className) } as const;
  switch (network) {
    case "instagram":
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
        </svg>
      );
    case "facebook":
      return (
        <svg {...common} fill="currentColor">
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
        </svg>
      );
    case "x":
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 4l16 16M20 4L4 20" />
        </svg>
      );
    case "linkedin":
      return (
        <svg {...common} fill="currentColor">
          <rect x="3" y="9" width="4" height="12" rx="0.5" />
          <circle cx="5" cy="5" r="2.2" />
          <path d="M10 9h3.8v1.7c.6-1 1.9-2 3.9-2 3.2 0 4.3 2 4.3 5.2V21h-4v-6.3c0-1.6-.5-2.6-1.9-2.6-1.5 0-2.1 1.1-2.1 2.6V21h-4V9z" />
        </svg>
      );
    case "tiktok":
      return (
        <svg {...common} fill="currentColor">
          <path d="M16.5 3c.4 2.3 1.8 3.8 4 4v3.2c-1.5 0-2.9-.4-4-1.2v6.3a5.7 5.7 0 11-5.7-5.7c.3 0 .6 0 .9.1v3.3a2.5 2.5 0 102 2.4V3h2.8z" />
        </svg>
      );
  }
}

/** Social profile links; every one opens in a new tab without giving the new page access to ours. */
export function SocialLinks({
  networks = ["instagram", "facebook", "x", "linkedin"],
  className,
  itemClassName,
}: {
  networks?: SocialNetwork[];
  className?: string;
  itemClassName?: string;
}) {
  const { t } = usePageWords();
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {networks.map((network) => (
        <li key={network}>
          <a
            href={brand.social[network]}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              "inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-surface text-brand-strong transition-colors hover:bg-brand-soft",
              itemClassName,
            )}
          >
            <SocialIcon network={network} />
            <span className="sr-only">{t("chrome.social", { brand: brand.name, network: SOCIAL_LABELS[network] })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
