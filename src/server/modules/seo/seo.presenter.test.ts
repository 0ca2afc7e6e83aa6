import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHead, scriptJson, summary } from './seo.presenter';
import { isoInZone } from './seo.service';
import { wrap } from './share-image';

describe('page head pieces', () => {
  it('escapes attribute text and keeps JSON inside a script element', () => {
    expect(escapeHtml(`"><script>&'`)).toBe('&quot;&gt;&lt;script&gt;&amp;&#39;');
    const json = scriptJson({ name: '</script><!--\u2028' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><!--\u2028' });
  });

  it('cuts a description at a word with an ellipsis, on one line', () => {
    expect(summary('short\n\ntext')).toBe('short text');
    const cut = summary('word '.repeat(100), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('writes noindex only when asked, and the image tags only with an image', () => {
    const base = { title: 'T', description: 'D', canonical: 'https://x/y', type: 'website' };
    expect(renderHead(base, 'S')).not.toContain('noindex');
    expect(renderHead(base, 'S')).not.toContain('og:image');
    expect(renderHead({ ...base, noindex: true }, 'S')).toContain(
      '<meta name="robots" content="noindex" data-page-head />',
    );
    const withImage = renderHead(
      { ...base, image: { url: 'https://x/i.png', width: 1200, height: 630, alt: 'A' } },
      'S',
    );
    expect(withImage).toContain('<meta property="og:image:width" content="1200" data-page-head />');
    expect(withImage).toContain(
      '<meta name="twitter:card" content="summary_large_image" data-page-head />',
    );
  });

  it('gives an instant as the zone wall clock with its offset (DST and half hours)', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(isoInZone(at, 'Europe/Berlin')).toBe('2026-07-01T14:00:00+02:00');
    expect(isoInZone(at, 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(isoInZone(at, 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(isoInZone(at, 'UTC')).toBe('2026-07-01T12:00:00+00:00');
  });
});

describe('share image text', () => {
  it('wraps onto the lines allowed and marks a cut with an ellipsis', () => {
    const lines = wrap('a very long festival title '.repeat(10), 68, 1040, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith('…')).toBe(true);
    expect(wrap('Short title', 68, 1040, 3)).toEqual(['Short title']);
  });
});
