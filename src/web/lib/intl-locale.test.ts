import { describe, expect, it } from 'vitest';
import { intlLocale } from '../../contracts/locales';
import { formatList } from './intl-locale';

describe('intlLocale', () => {
  it('names a region where the language alone would leave the format to the browser', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('es')).toBe('es-ES');
    expect(intlLocale('pt-BR')).toBe('pt-BR');
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale(undefined)).toBe('en-US');
    expect(intlLocale('xx')).toBe('en-US');
  });
});

describe('formatList', () => {
  it('joins as the spec writes English lists, without the serial comma', () => {
    expect(formatList(['a', 'b', 'c'], 'conjunction', 'en-US')).toBe('a, b and c');
    expect(formatList(['a', 'b', 'c'], 'disjunction', 'en-US')).toBe('a, b or c');
  });

  it('joins the way each language does', () => {
    expect(formatList(['a', 'b', 'c'], 'conjunction', 'es-ES')).toBe('a, b y c');
    expect(formatList(['a', 'b'], 'disjunction', 'de-DE')).toBe('a oder b');
    expect(formatList(['a', 'b'], 'disjunction', 'ar-u-nu-latn')).toBe('a أو b');
  });
});
