import type { TeamMember } from "#core/brand";
import { useSiteWords } from "~/lib/site-words";
import { InitialsAvatar } from "./initials-avatar";

/** A member of the team: her role and bio as the page's language says them (`useSiteWords().brand.team`). */
export function TeamCard({ member, index }: { member: TeamMember; index: number }) {
  const { t } = useSiteWords();
  return (
    <li className="flex flex-col items-center rounded-2xl border border-line bg-surface p-6 text-center shadow-sm" data-testid="team-member">
      <InitialsAvatar initials={member.initials} index={index} className="h-24 w-24" />
      <h3 className="mt-4 font-display text-xl text-ink">{member.name}</h3>
      <p className="mt-1 text-sm font-semibold text-brand">{member.role}</p>
      <p className="mt-3 text-sm leading-relaxed text-ink-muted">{member.bio}</p>
      <a
        href={member.profileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-auto inline-flex items-center gap-1.5 rounded-md pt-5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
      >
        {t("about.team.profile")}
        <span className="sr-only"> {t("about.team.profileOf", { name: member.name })}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    </li>
  );
}
