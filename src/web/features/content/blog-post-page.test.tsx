import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../contracts/content';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { BlogPostPage } from './blog-post-page';

const post = (slug: string, title: string): Post => ({
  id: '00000000-0000-4000-8000-000000000001',
  slug,
  title,
  excerpt: 'Stalls.',
  coverImage: '/media/blog/nm-large.webp',
  coverSizes: {
    small: '/media/blog/nm-small.webp',
    medium: '/media/blog/nm-medium.webp',
    large: '/media/blog/nm-large.webp',
  },
  tags: ['guides'],
  status: 'published',
  publishedAt: '2026-11-01T10:00:00.000Z',
  readingMinutes: 1,
  author: { id: '11111111-1111-4111-8111-111111111111', name: 'Rae Writer' },
  bodyHtml: '<p>Bring cash for the stalls.</p>',
  seoTitle: '',
  seoDescription: '',
  updatedAt: '2026-11-01T10:00:00.000Z',
  related: [],
});

/** The page data the server writes into a post's HTML (seo module, kind 'post'). */
function serverPageData(path: string, data: Post) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mea-page-data';
  script.textContent = JSON.stringify({ kind: 'post', path, post: data });
  document.head.append(script);
}

afterEach(() => document.getElementById('mea-page-data')?.remove());

const routes = [{ path: '/blog/:id', element: <BlogPostPage /> }];

describe('BlogPostPage', () => {
  it('draws the post the server wrote into the page in its first render', async () => {
    serverPageData('/blog/night-market', post('night-market', 'Night market notes'));
    server.use(
      http.get('/api/blog/posts/night-market', () =>
        HttpResponse.json(post('night-market', 'Night market notes')),
      ),
    );
    const requests = recordRequests();
    renderWithRouter(routes, { path: '/blog/night-market' });
    // Before any answer from the API: the title, the body and the cover at the page's size.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Night market notes');
    expect(screen.getByText('Bring cash for the stalls.')).toBeTruthy();
    expect(document.querySelector('article img')?.getAttribute('sizes')).toBe(
      '(min-width: 768px) 48rem, 100vw',
    );
    // Still asked for in the background (a writer sees drafts and the latest save).
    await waitFor(
      () =>
        expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
          '/api/blog/posts/night-market',
        ]),
      { timeout: 5_000 },
    );
  });

  it('asks the API for a post the page data was not written for', async () => {
    serverPageData('/blog/night-market', post('night-market', 'Night market notes'));
    server.use(
      http.get('/api/blog/posts/door-tips', () =>
        HttpResponse.json(post('door-tips', 'Door tips')),
      ),
    );
    renderWithRouter(routes, { path: '/blog/door-tips' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Door tips' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Night market notes')).toBeNull();
  });
});
