import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostList, PostSummary } from '../../../contracts/content';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { BlogListPage } from './blog-list-page';

const post = (n: number): PostSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `post-${n}`,
  title: `Door tips ${n}`,
  excerpt: 'Faster lines at the door.',
  coverImage: `/media/blog/p${n}-large.webp`,
  coverSizes: {
    small: `/media/blog/p${n}-small.webp`,
    medium: `/media/blog/p${n}-medium.webp`,
    large: `/media/blog/p${n}-large.webp`,
  },
  tags: ['guides'],
  status: 'published',
  publishedAt: '2026-11-01T10:00:00.000Z',
  readingMinutes: 3,
  author: { id: '11111111-1111-4111-8111-111111111111', name: 'Bea Writer' },
});
const LIST: PostList = { items: [post(1), post(2)], page: 1, pageCount: 1, tags: ['guides'] };

/** The page data the server writes into /blog's HTML (seo module, kind 'blog'). */
function serverPageData() {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mea-page-data';
  script.textContent = JSON.stringify({ kind: 'blog', path: '/blog', list: LIST });
  document.head.append(script);
}

afterEach(() => document.getElementById('mea-page-data')?.remove());

describe('BlogListPage', () => {
  it('draws the posts the server wrote into the page at once, the first cover fetched first', async () => {
    serverPageData();
    server.use(http.get('/api/blog/posts', () => HttpResponse.json(LIST)));
    const requests = recordRequests();
    renderWithRouter([{ path: '/blog', element: <BlogListPage /> }], { path: '/blog' });
    // In the first render, before any answer from the API.
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Door tips 1', 'Door tips 2']);
    const covers = document.querySelectorAll('article img');
    expect(covers[0]?.getAttribute('loading')).toBe('eager');
    expect(covers[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(covers[1]?.getAttribute('loading')).toBe('lazy');
    // Still asked for in the background (the server keeps a page's head for a few seconds).
    await waitFor(
      () => expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/blog/posts']),
      {
        timeout: 5_000,
      },
    );
  });

  it('asks the API for a filtered list, whatever the page data', async () => {
    serverPageData();
    server.use(http.get('/api/blog/posts', () => HttpResponse.json({ ...LIST, items: [post(3)] })));
    const requests = recordRequests();
    renderWithRouter([{ path: '/blog', element: <BlogListPage /> }], { path: '/blog?tag=guides' });
    expect(
      await screen.findByRole('heading', { name: 'Door tips 3' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Door tips 1' })).toBeNull();
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?tag=guides']);
  });
});
