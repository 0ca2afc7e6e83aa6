import { describe, expect, it } from 'vitest';
import { linkify } from './message-text';

const join = (parts: ReturnType<typeof linkify>) => parts.map((p) => p.text).join('');

describe('linkify', () => {
  it('keeps plain text as one text part', () => {
    expect(linkify('See you at eight')).toEqual([{ kind: 'text', text: 'See you at eight' }]);
  });

  it('turns http(s) and www addresses into links and leaves the text around them', () => {
    const parts = linkify('Tickets: https://mea.example/e/1?x=2 or www.mea.example today');
    expect(parts).toEqual([
      { kind: 'text', text: 'Tickets: ' },
      { kind: 'link', text: 'https://mea.example/e/1?x=2', href: 'https://mea.example/e/1?x=2' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'www.mea.example', href: 'https://www.mea.example/' },
      { kind: 'text', text: ' today' },
    ]);
  });

  it('leaves sentence punctuation and an unopened bracket out of the address', () => {
    const parts = linkify('(map: https://maps.example/place), then https://a.example/b.');
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual([
      'https://maps.example/place',
      'https://a.example/b',
    ]);
    expect(join(parts)).toBe('(map: https://maps.example/place), then https://a.example/b.');
  });

  it('keeps a bracket the address opened itself', () => {
    const [link] = linkify('https://en.example/wiki/Dance_(music)').filter(
      (p) => p.kind === 'link',
    );
    expect(link?.text).toBe('https://en.example/wiki/Dance_(music)');
  });

  it('never links other schemes and keeps markup as text', () => {
    const text = 'javascript:alert(1) <a href="https://x.example">x</a> <b>hi</b>';
    const parts = linkify(text);
    expect(join(parts)).toBe(text);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.href)).toEqual([
      'https://x.example/',
    ]);
    expect(parts.some((p) => p.kind === 'link' && p.href.startsWith('javascript'))).toBe(false);
  });

  it('does not link a bare scheme or a host without a dot', () => {
    expect(linkify('https:// and http://intranet/x').every((p) => p.kind === 'text')).toBe(true);
  });
});
