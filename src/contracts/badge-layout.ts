// Where each part of a name badge goes (decision 075): one pure function shared by the server's PDF
// and the web's preview, so the preview shows what prints. Points (1/72 in), origin at the
// badge's top-left corner, text placed by its baseline.

export const BADGE_SIZES = ['a4_8', 'a4_10', 'label_4x3', 'a6'] as const;
export type BadgeSize = (typeof BADGE_SIZES)[number];

const MM = 72 / 25.4;
const A4: [number, number] = [210 * MM, 297 * MM];

interface Sheet {
  /** The page the badges are printed on. */
  page: [number, number];
  /** One badge. */
  badge: [number, number];
  columns: number;
  rows: number;
}

/**
 * A4 sheets of perforated badges (8 of 105 × 74 mm with no margin; 10 of 85 × 54 mm, the card
 * size of most badge holders, centred), and single labels for a label printer at the desk:
 * 4 × 3 in and A6.
 */
export const BADGE_SHEETS: Record<BadgeSize, Sheet> = {
  a4_8: { page: A4, badge: [105 * MM, 74.25 * MM], columns: 2, rows: 4 },
  a4_10: { page: A4, badge: [85 * MM, 54 * MM], columns: 2, rows: 5 },
  label_4x3: { page: [4 * 72, 3 * 72], badge: [4 * 72, 3 * 72], columns: 1, rows: 1 },
  a6: { page: [105 * MM, 148 * MM], badge: [105 * MM, 148 * MM], columns: 1, rows: 1 },
};

/** Badges on one page of this size. */
export const badgesPerPage = (size: BadgeSize) =>
  BADGE_SHEETS[size].columns * BADGE_SHEETS[size].rows;

/**
 * The top-left corner of the i-th badge on its page, filled row by row; a sheet's badges are
 * centred on the page (the 8-up sheet fills it exactly).
 */
export function badgeSlot(size: BadgeSize, index: number): { x: number; y: number } {
  const sheet = BADGE_SHEETS[size];
  const [pageW, pageH] = sheet.page;
  const [w, h] = sheet.badge;
  const i = index % badgesPerPage(size);
  const left = (pageW - sheet.columns * w) / 2;
  const top = (pageH - sheet.rows * h) / 2;
  return { x: left + (i % sheet.columns) * w, y: top + Math.floor(i / sheet.columns) * h };
}

export interface BadgeContent {
  name: string;
  /** The company or another answer the template shows under the name; '' for none. */
  subtitle: string;
  /** '' when the template leaves the ticket type out. */
  ticketType: string;
  /** The ticket's current code; '' for no QR code. */
  code: string;
  hasLogo: boolean;
}

interface BadgeLine {
  role: 'name' | 'name2' | 'subtitle' | 'ticketType';
  text: string;
  x: number;
  /** The baseline, from the badge's top. */
  y: number;
  size: number;
  maxWidth: number;
}

interface BadgeLayout {
  width: number;
  height: number;
  lines: BadgeLine[];
  qr: { x: number; y: number; side: number } | null;
  logo: { x: number; y: number; width: number; height: number } | null;
}

/** A rough width of text in a sans font (average advance 0.55 em), to decide a line break. */
const estimateWidth = (text: string, size: number) => Array.from(text).length * size * 0.55;

/**
 * A long name on two lines: broken at the space nearest its middle, so "Maria José Fernández
 * García" reads "Maria José / Fernández García"; a name without spaces stays one line (the PDF
 * shortens it with "…" if it still does not fit).
 */
export function splitName(name: string, size: number, maxWidth: number): [string, string] {
  const text = name.trim().replace(/\s+/g, ' ');
  if (estimateWidth(text, size) <= maxWidth || !text.includes(' ')) return [text, ''];
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  return [text.slice(0, best), text.slice(best + 1)];
}

/**
 * The layout of one badge: the logo at the top, the name large (two lines when long), the
 * subtitle under it, and along the bottom the ticket type beside the QR code. Sizes follow the
 * badge's height, so the same template suits every size; nothing overlaps the QR code.
 */
export function layoutBadge(size: BadgeSize, content: BadgeContent): BadgeLayout {
  const [width, height] = BADGE_SHEETS[size].badge;
  const pad = Math.round(Math.min(width, height) * 0.07);
  const inner = width - 2 * pad;
  const qrSide = content.code ? Math.round(Math.min(height * 0.36, width * 0.32)) : 0;
  const qr = content.code
    ? { x: width - pad - qrSide, y: height - pad - qrSide, side: qrSide }
    : null;
  const logoHeight = content.hasLogo ? Math.round(height * 0.16) : 0;
  const logo = content.hasLogo
    ? { x: pad, y: pad, width: Math.round(inner * 0.5), height: logoHeight }
    : null;

  const nameSize = Math.round(Math.min(Math.max(height * 0.13, 14), 44));
  const lines: BadgeLine[] = [];
  // Text runs between the logo and the QR code's top edge.
  let y = pad + (logo ? logoHeight + pad * 0.6 : 0) + nameSize;
  const [first, second] = splitName(content.name, nameSize, inner);
  lines.push({ role: 'name', text: first, x: pad, y, size: nameSize, maxWidth: inner });
  if (second) {
    y += nameSize * 1.1;
    lines.push({ role: 'name2', text: second, x: pad, y, size: nameSize, maxWidth: inner });
  }
  if (content.subtitle) {
    const subtitleSize = Math.round(nameSize * 0.5);
    y += subtitleSize * 1.6;
    const beside = qr && y > qr.y ? qr.x - pad - pad * 0.5 : inner;
    lines.push({
      role: 'subtitle',
      text: content.subtitle,
      x: pad,
      y,
      size: subtitleSize,
      maxWidth: beside,
    });
  }
  if (content.ticketType) {
    const typeSize = Math.max(7, Math.round(nameSize * 0.4));
    lines.push({
      role: 'ticketType',
      text: content.ticketType,
      x: pad,
      y: height - pad,
      size: typeSize,
      maxWidth: qr ? qr.x - 2 * pad : inner,
    });
  }
  return { width, height, lines, qr, logo };
}
