import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Countdown, EventCard, OptIn, type BlockContext } from './blocks';

async function activate(locale: 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

const EVENT = 'e1';
// Far enough ahead that the countdown shows whole days whatever the run's clock.
const startsAt = new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000 + 90_000).toISOString();

const ctx = (remaining: number | null): BlockContext => ({
  slug: 'spring',
  step: 0,
  events: [{ id: EVENT, title: 'Spring Fair', startsAt, location: 'Madrid', remaining }],
  onNext: () => {},
});

describe('a published funnel in the visitor’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('reads in Spanish, tickets left counted with their plural', async () => {
    await activate('es');
    render(<EventCard props={{ eventId: EVENT }} ctx={ctx(1)} />);
    expect(screen.getByText('Queda 1 entrada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comprar entradas' })).toBeTruthy();
    render(<OptIn props={{}} ctx={ctx(1)} />);
    expect(screen.getByRole('heading', { name: 'Únase a la lista' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Darse de alta' })).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
  });

  it('counts days in Arabic with its plural forms', async () => {
    await activate('ar');
    render(<Countdown props={{ eventId: EVENT }} ctx={ctx(2)} />);
    expect(screen.getByText(/^يبدأ خلال: 3 أيام 5 س \d+ د$/)).toBeTruthy();
    render(<EventCard props={{ eventId: EVENT }} ctx={ctx(2)} />);
    expect(screen.getByText('تتبقّى تذكرتان')).toBeTruthy();
  });
});
