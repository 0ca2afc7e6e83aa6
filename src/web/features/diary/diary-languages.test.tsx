import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiaryItem } from '../../../contracts/diary';
import { MonthView, WeekView } from './calendar-views';

const items: DiaryItem[] = [];

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('the diary calendar in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('draws a month in Spanish: title, weekdays from Monday, paging', async () => {
    await activate('es');
    const month = new Date(2026, 11, 1);
    render(
      <MemoryRouter>
        <MonthView items={items} month={month} onMonth={() => undefined} today={month} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'diciembre de 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Mis eventos de diciembre de 2026' })).toBeTruthy();
    const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(weekdays[0]).toBe('lun');
    expect(weekdays[6]).toBe('dom');
  });

  it('draws a week in Arabic with its range and empty days', async () => {
    await activate('ar');
    const week = new Date(2026, 10, 30);
    render(
      <MemoryRouter>
        <WeekView items={items} week={week} onWeek={() => undefined} today={week} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'الأسبوع السابق' })).toBeTruthy();
    expect(screen.getAllByText('لا فعاليات')).toHaveLength(7);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/نوفمبر.*ديسمبر/);
  });
});
