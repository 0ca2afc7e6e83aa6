import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FEEDBACK_EDIT_DAYS,
  FEEDBACK_QUESTION_KIND_LABELS,
  type MyFeedbackResponse,
} from '../../../contracts/feedback';
import { server } from '../../test/msw';
import { FeedbackPage } from './feedback-page';
import { KIND_LABELS } from './questions-editor';
import { RatingLine, StarRating } from './star-rating';

async function activate(locale: 'en' | 'es' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('event feedback in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows my feedback page in Spanish', async () => {
    await activate('es');
    const empty: MyFeedbackResponse = { awaiting: [], given: [] };
    server.use(http.get('/api/feedback/mine', () => HttpResponse.json(empty)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FeedbackPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Nada que valorar por ahora')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Opiniones sobre eventos' })).toBeTruthy();
    expect(
      screen.getByText(
        `Valore los eventos a los que asistió y cuente a los organizadores qué le parecieron. Puede cambiar su opinión durante ${FEEDBACK_EDIT_DAYS} días después de un evento.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Pendientes de su opinión/ })).toBeTruthy();
    expect(screen.getByText('Aún no ha valorado ningún evento.')).toBeTruthy();
  });

  it('reads a rating with the Spanish decimal comma and plural', async () => {
    await activate('es');
    const { container } = render(<RatingLine average={4.3} count={12} />);
    expect(screen.getByText('Valorado con 4,3 de 5 por 12 valoraciones')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe(
      '4,3 · 12 valoraciones',
    );
  });

  it('names the stars in Arabic, with the dual for two ratings', async () => {
    await activate('ar');
    render(
      <>
        <StarRating name="r" legend="تقييمك العام" value={null} onChange={() => {}} />
        <RatingLine average={5} count={2} />
      </>,
    );
    expect(screen.getByRole('radio', { name: '4 نجوم: جيد جدًا' })).toBeTruthy();
    expect(screen.getByText('التقييم 5.0 من 5 من تقييمين')).toBeTruthy();
  });

  it('keeps the contract’s English names for the question kinds', async () => {
    await activate('en');
    const names = Object.fromEntries(
      Object.entries(KIND_LABELS).map(([kind, label]) => [kind, i18n._(label)]),
    );
    expect(names).toEqual(FEEDBACK_QUESTION_KIND_LABELS);
  });
});
