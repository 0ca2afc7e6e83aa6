import { i18n } from '@lingui/core';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCategoryLabel } from './service-type-labels';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('a directory category in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('names specialties, venue types and service types as stored in English', () => {
    const label = renderHook(() => useCategoryLabel()).result.current;
    expect(label('Corporate Events')).toBe('Corporate Events');
    expect(label('Hotel Ballrooms')).toBe('Hotel Ballrooms');
    expect(label('Photographer')).toBe('Photographer');
    expect(label('Something new')).toBe('Something new');
  });

  it('names them in Spanish and Arabic', async () => {
    await activate('es');
    let label = renderHook(() => useCategoryLabel()).result.current;
    expect(label('Corporate Events')).toBe('Eventos corporativos');
    expect(label('Hotel Ballrooms')).toBe('Salones de hotel');
    expect(label('Something new')).toBe('Something new');
    await activate('ar');
    label = renderHook(() => useCategoryLabel()).result.current;
    expect(label('Corporate Events')).toBe('فعاليات الشركات');
  });
});
