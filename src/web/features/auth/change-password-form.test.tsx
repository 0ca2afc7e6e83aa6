import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { ChangePasswordForm } from './change-password-form';

function setup() {
  renderWithRouter([{ path: '/profile', element: <ChangePasswordForm /> }], { path: '/profile' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));

function answer(status: number, body: JsonBodyType) {
  server.use(http.post('/api/auth/password', () => HttpResponse.json(body, { status })));
  return recordRequests();
}

describe('ChangePasswordForm', () => {
  it('asks for the current password, then applies the sign-up rules, one problem at a time', async () => {
    const requests = recordRequests();
    setup();
    submit();
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.queryByText('Please enter a password')).toBeNull();
    expect(document.activeElement).toBe(field('Current password'));

    type('Current password', 'old-secret');
    type('New password', 'abc');
    type('Confirm new password', 'abd');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Please enter your current password')).toBeNull();
    expect(document.activeElement).toBe(field('Confirm new password'));
    expect(field('Confirm new password').getAttribute('aria-invalid')).toBe('true');

    type('Confirm new password', 'abc');
    submit();
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the three fields, says it worked and empties the form', async () => {
    const requests = answer(200, { ok: true });
    setup();
    type('Current password', 'old-secret');
    type('New password', 'secret1');
    type('Confirm new password', 'secret1');
    submit();
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({
      currentPassword: 'old-secret',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect((field('Current password') as HTMLInputElement).value).toBe('');
    expect((field('New password') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's field message under its field, else one alert", async () => {
    answer(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Current password is wrong',
        details: {
          fields: [{ field: 'body.currentPassword', message: 'Current password is wrong' }],
        },
      },
    });
    setup();
    type('Current password', 'nope-nope');
    type('New password', 'secret1');
    type('Confirm new password', 'secret1');
    submit();
    expect(await screen.findByText('Current password is wrong')).toBeTruthy();
    await waitFor(() =>
      expect(field('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    await waitFor(() => expect(document.activeElement).toBe(field('Current password')));

    answer(500, { error: { code: 'INTERNAL', message: '' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your password could not be changed.',
    );
  });
});
