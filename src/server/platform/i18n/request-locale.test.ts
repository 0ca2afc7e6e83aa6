import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, matchLocale } from '../../../contracts/locales';
import { chooseLocale } from './request-locale';

describe('chooseLocale', () => {
  it.each([
    [{ link: 'ar', account: 'de', cookie: 'fr', acceptLanguage: 'es' }, 'ar'],
    [{ link: 'klingon', account: 'de', cookie: 'fr' }, 'de'],
    [{ account: 'de', cookie: 'fr', acceptLanguage: 'es' }, 'de'],
    [{ account: null, cookie: 'fr', acceptLanguage: 'es' }, 'fr'],
    [{ account: 'xx', cookie: 'nope', acceptLanguage: 'es-MX,es;q=0.9' }, 'es'],
    [{ acceptLanguage: 'ja, zh;q=0.8' }, 'en'],
    [{}, 'en'],
  ])('%o reads %s', (sources, expected) => {
    expect(chooseLocale(sources)).toBe(expected);
  });
});

describe('Accept-Language', () => {
  it('follows the q weights, then the order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, ar;q=0.9, fr')).toBe('fr');
    expect(localeFromAcceptLanguage('de-AT;q=0.8, pt-PT;q=0.8')).toBe('de');
  });
  it('ignores a language weighed zero and the wildcard', () => {
    expect(localeFromAcceptLanguage('es;q=0, *')).toBeUndefined();
  });
  it('reads any Portuguese as Brazilian Portuguese, the only one there is', () => {
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('PT-br')).toBe('pt-BR');
  });
});
