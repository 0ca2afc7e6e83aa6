import { describe, expect, it } from 'vitest';
import { eventPageUrl, shareLinks } from './share-links';

describe('shareLinks', () => {
  it('builds encoded plain links', () => {
    const links = Object.fromEntries(
      shareLinks('https://mea.events/event/1', 'Jazz & Wine').map((l) => [l.name, l.href]),
    );
    expect(links.Email).toBe(
      'mailto:?subject=Jazz%20%26%20Wine&body=Jazz%20%26%20Wine%20https%3A%2F%2Fmea.events%2Fevent%2F1',
    );
    expect(links['X (Twitter)']).toContain('url=https%3A%2F%2Fmea.events%2Fevent%2F1');
    expect(links.Facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmea.events%2Fevent%2F1',
    );
    expect(links.WhatsApp).toMatch(/^https:\/\/wa\.me\/\?text=Jazz/);
  });

  it('adds the secret of a private event to its page address', () => {
    expect(eventPageUrl('https://mea.events', 'e1')).toBe('https://mea.events/event/e1');
    expect(eventPageUrl('https://mea.events', 'e1', 'a b')).toBe(
      'https://mea.events/event/e1?access=a+b',
    );
  });
});
