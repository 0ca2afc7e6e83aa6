import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { HelpArticleSummary, HelpIndex } from '../../../contracts/content';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { HelpPage } from './help-page';

const article = (n: number, category: string): HelpArticleSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `article-${n}`,
  category,
  title: `Refund rule ${n}`,
  summary: `Summary ${n}`,
});
const INDEX: HelpIndex = {
  categories: [
    {
      slug: 'getting-started',
      name: 'Getting started',
      articles: [article(1, 'getting-started')],
    },
    { slug: 'venues', name: 'Venues', articles: [] },
    {
      slug: 'tickets-and-payments',
      name: 'Tickets and payments',
      articles: [article(2, 'tickets-and-payments')],
    },
  ],
  popular: [article(2, 'tickets-and-payments')],
};

/** The page data the server writes into /help's HTML (seo module, kind 'help'). */
function serverPageData(locale: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mea-page-data';
  script.textContent = JSON.stringify({ kind: 'help', path: '/help', locale, index: INDEX });
  document.head.append(script);
}

afterEach(() => document.getElementById('mea-page-data')?.remove());

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('HelpPage', () => {
  it('draws the index the server wrote into the page in its first render', async () => {
    serverPageData('en');
    server.use(http.get('/api/help', () => HttpResponse.json(INDEX)));
    const requests = recordRequests();
    renderWithRouter([{ path: '/help', element: <HelpPage /> }], { path: '/help' });
    // In the first render, before any answer: no loading box, the popular article and each
    // category with articles, in the index's order.
    expect(screen.queryByRole('status')).toBeNull();
    expect(headings()).toEqual([
      'Popular articles',
      'Getting started',
      'Tickets and payments',
      'Ask our assistant',
    ]);
    expect(screen.getAllByRole('link', { name: 'Refund rule 2' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Refund rule 1' }).getAttribute('href')).toBe(
      '/help?article=article-1',
    );
    // Still asked for in the language shown, in the background (the page may be 5 s old).
    await waitFor(() => expect(requests.map((r) => new URL(r.url).search)).toEqual(['?lang=en']), {
      timeout: 5_000,
    });
  });

  it('asks the API when the page data is in another language than the one shown', async () => {
    serverPageData('fr');
    server.use(http.get('/api/help', () => HttpResponse.json(INDEX)));
    const requests = recordRequests();
    renderWithRouter([{ path: '/help', element: <HelpPage /> }], { path: '/help' });
    expect(screen.queryByRole('heading', { name: 'Popular articles' })).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Popular articles' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?lang=en']);
  });
});
