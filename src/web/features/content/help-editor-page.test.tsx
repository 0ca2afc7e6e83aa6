import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import type { HelpTranslation, LocalizedHelpArticle } from './api';
import { AdminHelpArticlePage } from './help-editor-page';

const ID = '00000000-0000-4000-8000-000000000001';
const ARTICLE: LocalizedHelpArticle = {
  id: ID,
  slug: 'refunds',
  category: 'tickets-and-payments',
  title: 'How do I get a refund?',
  summary: 'Refunds are given by the organizer.',
  body: 'Contact the organizer.',
  isFaq: true,
  helpfulYes: 0,
  helpfulNo: 0,
  updatedAt: '2026-12-01T10:00:00.000Z',
  language: 'en',
};
const SPANISH: HelpTranslation = {
  language: 'es',
  title: '¿Cómo obtengo un reembolso?',
  summary: 'Los reembolsos los concede el organizador.',
  body: 'Póngase en contacto con el organizador.',
  updatedAt: '2026-12-02T10:00:00.000Z',
};

function serve() {
  const versions: HelpTranslation[] = [SPANISH];
  server.use(
    http.get(`/api/help/articles/${ID}`, () => HttpResponse.json(ARTICLE)),
    http.get(`/api/help/articles/${ID}/translations`, () => HttpResponse.json({ items: versions })),
    http.put(`/api/help/articles/${ID}/translations/:language`, async ({ request, params }) => {
      const input = (await request.json()) as Omit<HelpTranslation, 'language' | 'updatedAt'>;
      if (!input.title.trim())
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Title is required',
              details: { fields: [{ field: 'body.title', message: 'Title is required' }] },
            },
          },
          { status: 400 },
        );
      const saved = {
        ...input,
        language: params.language as HelpTranslation['language'],
        updatedAt: '2026-12-03T10:00:00.000Z',
      };
      versions.push(saved);
      return HttpResponse.json(saved);
    }),
  );
  const requests = recordRequests();
  renderWithRouter([{ path: '/admin/help/articles/:id', element: <AdminHelpArticlePage /> }], {
    path: `/admin/help/articles/${ID}`,
    user: makeUser({ roles: ['admin'] }),
  });
  return requests;
}

describe('AdminHelpArticlePage language selector', () => {
  it('edits the English source first, then a version per language', async () => {
    const requests = serve();
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('How do I get a refund?');
    // The editor reads the English source whatever the page's language.
    expect(requests.some((r) => new URL(r.url).search === '?lang=en')).toBe(true);

    const language = screen.getByLabelText('Language');
    fireEvent.change(language, { target: { value: 'es' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
        '¿Cómo obtengo un reembolso?',
      ),
    );
    expect(screen.getByText('In English: How do I get a refund?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove translation' })).toBeTruthy();

    // A language with no version yet starts empty and says readers see English.
    fireEvent.change(language, { target: { value: 'ar' } });
    expect(
      await screen.findByText(
        'No version in العربية yet: readers of العربية see the English article.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove translation' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save translation' }));
    expect(await screen.findAllByText('Title is required')).not.toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'كيف أسترد أموالي؟' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'تواصل مع المنظِّم.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save translation' }));
    expect(await screen.findByRole('button', { name: 'Remove translation' })).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(new URL(put?.url ?? '').pathname).toBe(`/api/help/articles/${ID}/translations/ar`);

    fireEvent.change(language, { target: { value: 'en' } });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'How do I get a refund?',
    );
  });
});
