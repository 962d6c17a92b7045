/**
 * A QR code drawn here, as an inline SVG (ADR 0086): no image from elsewhere and nothing the CSP has to
 * allow. The modules come from `qrcode-generator`; each dark module is one square of a single path.
 */
import createQrCode from "qrcode-generator";
import { useMemo } from "react";

/** The quiet zone around the code, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;

function qrPath(text: string): { size: number; path: string } {
  const code = createQrCode(0, "M");
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- drawn inline, so the CSP has no image address to allow
    <svg role="img" aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid="totp-qr-code"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
