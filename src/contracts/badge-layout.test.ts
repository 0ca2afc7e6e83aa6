import { describe, expect, it } from 'vitest';
import {
  BADGE_SHEETS,
  BADGE_SIZES,
  badgeSlot,
  badgesPerPage,
  layoutBadge,
  splitName,
  type BadgeContent,
} from './badge-layout';

const content = (overrides: Partial<BadgeContent> = {}): BadgeContent => ({
  name: 'Ada Lovelace',
  subtitle: 'Analytical Engines Ltd',
  ticketType: 'Speaker',
  code: 'ticket-code',
  hasLogo: true,
  ...overrides,
});

const overlaps = (
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('badge sheets', () => {
  it('put 8 and 10 badges on an A4 page and one on a label, all inside the page', () => {
    expect(BADGE_SIZES.map(badgesPerPage)).toEqual([8, 10, 1, 1]);
    for (const size of BADGE_SIZES) {
      const [pageW, pageH] = BADGE_SHEETS[size].page;
      const [w, h] = BADGE_SHEETS[size].badge;
      for (let i = 0; i < badgesPerPage(size); i += 1) {
        const { x, y } = badgeSlot(size, i);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(x + w).toBeLessThanOrEqual(pageW + 0.001);
        expect(y + h).toBeLessThanOrEqual(pageH + 0.001);
      }
    }
  });

  it('fills a sheet row by row and starts the next page at the top left again', () => {
    expect(badgeSlot('a4_8', 1).y).toBe(badgeSlot('a4_8', 0).y);
    expect(badgeSlot('a4_8', 2).x).toBe(badgeSlot('a4_8', 0).x);
    expect(badgeSlot('a4_8', 2).y).toBeGreaterThan(badgeSlot('a4_8', 0).y);
    expect(badgeSlot('a4_10', 10)).toEqual(badgeSlot('a4_10', 0));
  });
});

describe('a long name', () => {
  it('breaks at the space nearest its middle; a short or unbroken name stays one line', () => {
    expect(splitName('Maria José Fernández García', 40, 200)).toEqual([
      'Maria José',
      'Fernández García',
    ]);
    expect(splitName('Ada Lovelace', 20, 300)).toEqual(['Ada Lovelace', '']);
    expect(splitName('Wolfeschlegelsteinhausenbergerdorff', 40, 100)).toEqual([
      'Wolfeschlegelsteinhausenbergerdorff',
      '',
    ]);
  });
});

describe('a badge', () => {
  it('keeps every line inside the badge, clear of the QR code and under the logo', () => {
    for (const size of BADGE_SIZES)
      for (const name of ['Bo', 'Maria José Fernández García de la Vega']) {
        const layout = layoutBadge(size, content({ name }));
        const qr = layout.qr;
        expect(qr).not.toBeNull();
        if (!qr) continue;
        expect(qr.x + qr.side).toBeLessThanOrEqual(layout.width);
        expect(qr.y + qr.side).toBeLessThanOrEqual(layout.height);
        for (const line of layout.lines) {
          const box = { x: line.x, y: line.y - line.size, w: line.maxWidth, h: line.size };
          expect(line.x + line.maxWidth, `${size} ${line.role}`).toBeLessThanOrEqual(layout.width);
          expect(line.y, `${size} ${line.role}`).toBeLessThanOrEqual(layout.height);
          expect(
            overlaps(box, { x: qr.x, y: qr.y, w: qr.side, h: qr.side }),
            `${size} ${line.role}`,
          ).toBe(false);
          if (layout.logo) expect(box.y).toBeGreaterThanOrEqual(layout.logo.y + layout.logo.height);
        }
      }
  });

  it('prints only what the template asks for', () => {
    const bare = layoutBadge(
      'a6',
      content({ name: 'Bo Li', subtitle: '', ticketType: '', code: '', hasLogo: false }),
    );
    expect(bare.qr).toBeNull();
    expect(bare.logo).toBeNull();
    expect(bare.lines.map((line) => line.role)).toEqual(['name']);
    const full = layoutBadge('a6', content({ name: 'Maria José Fernández García de la Vega' }));
    expect(full.lines.map((line) => line.role)).toEqual([
      'name',
      'name2',
      'subtitle',
      'ticketType',
    ]);
  });

  it('sets the name larger than the subtitle and the ticket type', () => {
    const layout = layoutBadge('a4_8', content());
    const size = (role: string) => layout.lines.find((line) => line.role === role)?.size ?? 0;
    expect(size('name')).toBeGreaterThan(size('subtitle'));
    expect(size('subtitle')).toBeGreaterThan(size('ticketType') - 1);
  });
});
