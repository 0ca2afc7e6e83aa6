import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ManagePostsPage, PostSummary } from '../../../contracts/content';
import { recordRequests, server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { AdminBlogPage } from './admin-pages';

const POSTS: PostSummary[] = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  slug: `post-${i + 1}`,
  title: `Post ${String(30 - i).padStart(2, '0')}`,
  excerpt: '',
  coverImage: null,
  coverSizes: null,
  tags: [],
  status: 'draft',
  publishedAt: null,
  readingMinutes: 1,
  author: { id: '11111111-1111-4111-8111-111111111111', name: 'Bea Blogger' },
}));

function serve() {
  server.use(
    http.get('/api/blog/manage', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matching = POSTS.filter((p) => p.title.toLowerCase().includes(q));
      const body: ManagePostsPage = {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      };
      return HttpResponse.json(body);
    }),
  );
  const requests = recordRequests();
  renderWithRouter([{ path: '/', element: <AdminBlogPage /> }], {
    user: makeUser({ roles: ['blog_admin'] }),
  });
  return () => requests.map((r) => new URL(r.url).search);
}

describe('AdminBlogPage', () => {
  it('pages the posts on the server and searches titles once typing pauses', async () => {
    const asked = serve();
    expect(await screen.findByText('Showing 1–25 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post 30' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post 01' })).toBeTruthy();

    const box = screen.getByRole('searchbox', { name: 'Search titles' });
    for (const text of ['p', 'po', 'post 1']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByText('Showing 1–10 of 10')).toBeTruthy();
    expect(asked()).toEqual([
      '?page=1&pageSize=25',
      '?page=2&pageSize=25',
      '?page=1&pageSize=25&q=post+1',
    ]);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No post has this in its title.')).toBeTruthy();
  });
});
