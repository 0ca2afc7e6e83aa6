import { useLingui } from '@lingui/react/macro';
import { layoutBadge, type BadgeSize } from '../../../contracts/badge-layout';

/**
 * A badge drawn by the same layout as the printed PDF (contracts/badge-layout.ts), with sample
 * text, so the organizer sees what prints before printing. The QR code is a stand-in pattern.
 */
export function BadgePreview({
  size,
  subtitle,
  ticketType,
  showQr,
  showLogo,
}: {
  size: BadgeSize;
  subtitle: string;
  ticketType: string;
  showQr: boolean;
  showLogo: boolean;
}) {
  const { t } = useLingui();
  const layout = layoutBadge(size, {
    name: 'Maria José Fernández',
    subtitle,
    ticketType,
    code: showQr ? 'preview' : '',
    hasLogo: showLogo,
  });
  const cells = 21;
  return (
    <svg
      role="img"
      aria-label={t`Badge preview`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className="w-full max-w-sm rounded-md border border-border bg-white text-black shadow-sm"
    >
      {layout.logo ? (
        <g>
          <rect
            x={layout.logo.x}
            y={layout.logo.y}
            width={layout.logo.height}
            height={layout.logo.height}
            rx={4}
            fill="#d4d4d8"
          />
          <text
            x={layout.logo.x + layout.logo.height + 6}
            y={layout.logo.y + layout.logo.height / 2 + 4}
            fontSize={10}
            fill="#52525b"
          >
            {t`Logo`}
          </text>
        </g>
      ) : null}
      {layout.lines.map((line) => (
        <text
          key={line.role}
          x={line.x}
          y={line.y}
          fontSize={line.size}
          fontWeight={line.role === 'name' || line.role === 'name2' ? 700 : 400}
        >
          {line.text}
        </text>
      ))}
      {layout.qr ? (
        <g>
          {Array.from({ length: cells * cells }, (_, i) => {
            const row = Math.floor(i / cells);
            const col = i % cells;
            const finder = (r: number, c: number) =>
              (r < 7 && c < 7) || (r < 7 && c >= cells - 7) || (r >= cells - 7 && c < 7);
            const dark = finder(row, col) ? (row + col) % 2 === 0 : (row * 7 + col * 3) % 5 < 2;
            if (!layout.qr || !dark) return null;
            const cell = layout.qr.side / cells;
            return (
              <rect
                key={i}
                x={layout.qr.x + col * cell}
                y={layout.qr.y + row * cell}
                width={cell}
                height={cell}
                fill="#000"
              />
            );
          })}
        </g>
      ) : null}
    </svg>
  );
}
