import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CategoryList } from '../../../contracts/events';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { CategoriesGrid } from './categories-grid';

const LIST: CategoryList = {
  categories: [
    { name: 'Festival', slug: 'festival', eventCount: 3 },
    { name: 'Tasting', slug: 'tasting', eventCount: 1 },
  ],
};

/** The page data the server writes into /categories' HTML (seo module, kind 'categories'). */
function serverPageData(path = '/categories') {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mea-page-data';
  script.textContent = JSON.stringify({ kind: 'categories', path, list: LIST });
  document.head.append(script);
}

afterEach(() => document.getElementById('mea-page-data')?.remove());

const names = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('CategoriesGrid', () => {
  it('draws the categories the server wrote into the page in its first render, asking nothing', async () => {
    serverPageData();
    const requests = recordRequests();
    renderWithRouter([{ path: '/categories', element: <CategoriesGrid /> }], {
      path: '/categories',
    });
    // In the first render: no loading box, no request.
    expect(screen.queryByRole('status')).toBeNull();
    expect(names()).toEqual(['Festival3 upcoming events', 'Tasting1 upcoming event']);
    expect(screen.getByRole('link', { name: /Tasting/ }).getAttribute('href')).toBe(
      '/categories/tasting',
    );
    // Another query's answer is awaited: the page is settled, and the list was not asked for.
    server.use(http.get('/api/site', () => HttpResponse.json({})));
    await fetch('/api/site');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/site']);
  });

  it('asks the API when the page data is another page’s', async () => {
    serverPageData('/elsewhere');
    server.use(http.get('/api/categories', () => HttpResponse.json(LIST)));
    const requests = recordRequests();
    renderWithRouter([{ path: '/categories', element: <CategoriesGrid /> }], {
      path: '/categories',
    });
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(names()).toHaveLength(2), { timeout: 5_000 });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/categories']);
  });
});
