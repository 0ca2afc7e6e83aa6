import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES } from '../../../../contracts/accounts';
import { recordRequests, server } from '../../../test/msw';
import { renderWithRouter } from '../../../test/render-with-router';
import { ResetRequestForm } from './reset-request-form';

const email = () => screen.getByLabelText('Email', { exact: true });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
/** The server answers the request with `body`; returns the requests it received. */
function answer(status: number, body: JsonBodyType) {
  server.use(
    http.post('/api/auth/password-reset/request', () => HttpResponse.json(body, { status })),
  );
  return recordRequests();
}

describe('ResetRequestForm', () => {
  it('asks for an email without calling the server, focusing the field', async () => {
    const requests = recordRequests();
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText(SIGN_UP_MESSAGES.resetNoEmail)).toBeTruthy();
    expect(document.activeElement).toBe(email());
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('sends the trimmed address and says where the link went', async () => {
    const requests = answer(200, { ok: true });
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: ' ada@example.com ' } });
    submit();
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByText(/If an account exists for ada@example.com,/)).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com' });
  });

  it('shows a server failure under the field', async () => {
    answer(500, { error: { code: 'INTERNAL', message: '' } });
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    submit();
    expect(
      await screen.findByText('An error occurred while sending the password reset email'),
    ).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
  });
});
