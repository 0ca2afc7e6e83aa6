import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_UP_MESSAGES } from '../../../../contracts/accounts';
import { renderWithRouter } from '../../../test/render-with-router';
import { RESET_REQUEST_FALLBACK_ERROR, ResetRequestForm } from './reset-request-form';

const email = () => screen.getByLabelText('Email', { exact: true });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('ResetRequestForm', () => {
  it('asks for an email without calling the server, focusing the field', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText(SIGN_UP_MESSAGES.resetNoEmail)).toBeTruthy();
    expect(document.activeElement).toBe(email());
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and says where the link went', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: ' ada@example.com ' } });
    submit();
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByText(/If an account exists for ada@example.com,/)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com' });
  });

  it('shows a server failure under the field', async () => {
    vi.stubGlobal('fetch', answer(500, { error: { code: 'INTERNAL', message: '' } }));
    renderWithRouter([{ path: '/', element: <ResetRequestForm /> }]);
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText(RESET_REQUEST_FALLBACK_ERROR)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
  });
});
