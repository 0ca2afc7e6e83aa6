import { describe, expect, it } from 'vitest';
import { contractTextTranslator } from './contract-texts';

const SPANISH: Record<string, string> = {
  Title: 'Título',
  'Email is required': 'El correo electrónico es obligatorio',
  '{label} is required': '{label} es obligatorio',
  '{label} must be at most {max} characters': '{label} admite como máximo {max} caracteres',
  'Only {left} tickets are left': 'Solo quedan {left} entradas',
  "Use braces like '{'this'}'": "Use llaves así: '{'esto'}'",
};

// Fills values the way a catalog message would, enough to see what the translator passes.
const say = (id: string, values: Record<string, string | number>) =>
  (SPANISH[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe('contract texts in another language', () => {
  const translate = contractTextTranslator(Object.keys(SPANISH), say);

  it('says a text the catalog holds as is', () => {
    expect(translate('Email is required')).toBe('El correo electrónico es obligatorio');
  });

  it('matches a text built from values, translating the label and keeping numbers', () => {
    expect(translate('Title is required')).toBe('Título es obligatorio');
    expect(translate('Title must be at most 120 characters')).toBe(
      'Título admite como máximo 120 caracteres',
    );
    expect(translate('Only 3 tickets are left')).toBe('Solo quedan 3 entradas');
  });

  it('prefers the most specific template', () => {
    // "{label} is required" would also match with label = "Email", but the exact text wins,
    // and a longer template wins over a shorter one.
    expect(translate('Name must be at most 80 characters')).toBe(
      'Name admite como máximo 80 caracteres',
    );
  });

  it('reads ICU-escaped braces as the English has them', () => {
    expect(translate('Use braces like {this}')).toBe("Use llaves así: '{'esto'}'");
  });

  it('leaves any other text unchanged', () => {
    expect(translate('Something a person typed')).toBe('Something a person typed');
    expect(translate('')).toBe('');
  });
});
