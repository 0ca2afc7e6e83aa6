import { describe, expect, it } from 'vitest';
import { isBotAgent } from './bots';

describe('isBotAgent', () => {
  it('answers as isbot does, the first time and from memory', () => {
    const browser =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    for (let i = 0; i < 2; i++) {
      expect(isBotAgent(browser)).toBe(false);
      expect(isBotAgent(crawler)).toBe(true);
      expect(isBotAgent('curl/8.5.0')).toBe(true);
    }
    // Past the bound the memory starts again and the answers stay right.
    for (let i = 0; i < 2_100; i++) expect(isBotAgent(`agent-${i}-bot`)).toBe(true);
    expect(isBotAgent(browser)).toBe(false);
  });
});
