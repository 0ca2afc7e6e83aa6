import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'a-reset-token-from-the-mail';

function setup(token: string | null = TOKEN) {
  renderWithRouter([{ path: '/reset-password', element: <ResetPasswordForm token={token} /> }], {
    path: '/reset-password',
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
/** The server answers the reset with `body`; returns the requests it received. */
function answer(status: number, body: JsonBodyType) {
  server.use(http.post('/api/auth/password-reset', () => HttpResponse.json(body, { status })));
  return recordRequests();
}

describe('ResetPasswordForm', () => {
  it('checks the new password on the client with the sign-up texts, focusing the problem', async () => {
    const requests = recordRequests();
    setup();
    submit();
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(document.activeElement).toBe(field('New password'));
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');

    type('New password', 'abc');
    type('Confirm new password', 'abd');
    // Messages change on submit only, not while typing.
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Please enter a password')).toBeNull();
    expect(document.activeElement).toBe(field('Confirm new password'));

    type('Confirm new password', 'abc');
    submit();
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the token with the passwords and says when it worked', async () => {
    const requests = answer(200, { ok: true });
    setup();
    type('New password', 'secret1');
    type('Confirm new password', 'secret1');
    submit();
    expect(await screen.findByText('Your password has been reset')).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({
      token: TOKEN,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });

  it("shows the server's field message under its field", async () => {
    answer(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Password is too common',
        details: { fields: [{ field: 'body.password', message: 'Password is too common' }] },
      },
    });
    setup();
    type('New password', 'secret1');
    type('Confirm new password', 'secret1');
    submit();
    expect(await screen.findByText('Password is too common')).toBeTruthy();
    await waitFor(() => expect(field('New password').getAttribute('aria-invalid')).toBe('true'));
  });

  it('offers a new link when the link expired, and explains a missing token', async () => {
    answer(400, {
      error: {
        code: 'BAD_REQUEST',
        message: 'This password reset link has expired',
        details: { reason: 'expired' },
      },
    });
    setup();
    type('New password', 'secret1');
    type('Confirm new password', 'secret1');
    submit();
    expect(await screen.findByText('This link cannot be used')).toBeTruthy();
    expect(screen.getByText('This password reset link has expired')).toBeTruthy();
  });

  it('explains a link without a token', () => {
    setup(null);
    expect(screen.getByText('This password reset link is not valid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });
});
