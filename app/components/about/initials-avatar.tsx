/** Our own avatar artwork: initials on a soft gradient disc. No photos of real people are used. */

const PALETTES = [
  { from: "#8a3b5c", to: "#5a2239", ring: "#f6e7ed" },
  { from: "#5f7a6a", to: "#3f5447", ring: "#e6efe9" },
  { from: "#a9532f", to: "#7a3a1f", ring: "#fbeee6" },
  { from: "#5e5462", to: "#2a2230", ring: "#ece8ee" },
] as const;

export function InitialsAvatar({ initials, index, className = "" }: { initials: string; index: number; className?: string }) {
  const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const gradientId = `avatar-gradient-${index}`;
  return (
    <svg
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-testid="initials-avatar"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.from} />
          <stop offset="1" stopColor={palette.to} />
        </linearGradient>
      </defs>
      <circle cx="60" cy="60" r="58" fill={palette.ring} />
      <circle cx="60" cy="60" r="52" fill={`url(#${gradientId})`} />
      <path d="M22 78c14-10 30-14 38-14s24 4 38 14" fill="none" stroke="#ffffff" strokeOpacity="0.14" strokeWidth="10" strokeLinecap="round" />
      <text
        x="60"
        y="61"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontFamily="Fraunces Variable, Georgia, serif"
        fontSize="40"
        fontWeight="600"
        letterSpacing="1"
      >
        {initials}
      </text>
    </svg>
  );
}
