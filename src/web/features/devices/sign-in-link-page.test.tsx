import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, requestJson, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { SignInLinkPage } from './sign-in-link-page';

const page = () =>
  renderWithRouter([{ path: '/auth/link', element: <SignInLinkPage /> }], {
    path: '/auth/link?token=abc',
  });

describe('SignInLinkPage', () => {
  it('asks a two-factor account for its code on the same page, and starts over when it expired', async () => {
    server.use(
      http.post('/api/auth/sign-in-link', () =>
        HttpResponse.json({
          user: null,
          secondFactor: { methods: ['totp'], expiresAt: '2026-12-04T10:00:00Z' },
        }),
      ),
      http.post('/api/auth/two-factor/sign-in', () =>
        HttpResponse.json(
          {
            error: {
              code: 'UNAUTHENTICATED',
              message: 'Your sign-in has expired. Please sign in again.',
              details: { reason: 'SIGN_IN_EXPIRED' },
            },
          },
          { status: 401 },
        ),
      ),
    );
    const requests = recordRequests();
    page();
    fireEvent.change(await screen.findByLabelText('Authentication code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toBeTruthy();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(await Promise.all(posts.map(requestJson))).toEqual([
      { token: 'abc' },
      { code: '123456', trustDevice: false },
    ]);
  });

  it('says a used or unknown link did not work', async () => {
    server.use(
      http.post('/api/auth/sign-in-link', () =>
        HttpResponse.json(
          { error: { code: 'UNAUTHENTICATED', message: 'This sign-in link has expired' } },
          { status: 401 },
        ),
      ),
    );
    page();
    expect(await screen.findByText('This sign-in link has expired')).toBeTruthy();
  });
});
