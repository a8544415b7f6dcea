/** The Mend mark: a rounded square with an M, drawn in SVG (decorative; the name is written beside it). */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const fill = inverted ? 'rgba(255,255,255,0.16)' : 'var(--mantine-primary-color-filled)';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill={fill} stroke={inverted ? 'rgba(255,255,255,0.35)' : 'none'} />
      <path
        d="M8 23V10l8 7 8-7v13"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
