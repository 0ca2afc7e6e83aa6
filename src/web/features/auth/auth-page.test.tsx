import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { AuthPage } from './auth-page';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function Where() {
  const { pathname } = useLocation();
  return <p>at {pathname}</p>;
}

const routes = [
  { path: '/auth', element: <AuthPage /> },
  { path: '*', element: <Where /> },
];

/** The sign-in endpoint's handler, answering `body` with `status`. */
const signInAnswer = (status: number, body: JsonBodyType) =>
  http.post('/api/auth/sign-in', () => HttpResponse.json(body, { status }));

function signInAnswers(status: number, body: JsonBodyType) {
  server.use(signInAnswer(status, body));
}

async function signInThroughForm(path: string, user = makeUser()) {
  // The first matching handler answers: sign-in, then 404 for anything else.
  server.use(
    signInAnswer(200, { user }),
    http.all('/api/*', () => HttpResponse.json({}, { status: 404 })),
  );
  renderWithRouter(routes, { path });
  const panel = screen.getByRole('tabpanel', { name: 'Sign In' });
  fireEvent.change(panel.querySelector('input[name="email"]') as HTMLInputElement, {
    target: { value: user.email },
  });
  fireEvent.change(panel.querySelector('input[name="password"]') as HTMLInputElement, {
    target: { value: 'secret1' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

// The page reads the site's settings (its name); the tests do not need them.
beforeEach(() => server.use(http.get('/api/site', () => HttpResponse.json({}, { status: 404 }))));
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('AuthPage after sign-in (spec §2)', () => {
  it('lands by account type when no page is remembered', async () => {
    await signInThroughForm('/auth', makeUser({ userType: 'organizer' }));
    expect(await screen.findByText('at /organizer-dashboard')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Signed in', {
      description: 'Welcome back, Priya!',
    });
  });

  it('returns to the remembered origin first', async () => {
    await signInThroughForm('/auth?redirect=%2Fmessages', makeUser({ userType: 'vendor' }));
    expect(await screen.findByText('at /messages')).toBeTruthy();
  });

  it('shows the server message in an alert, else the spec fallback', async () => {
    signInAnswers(401, {
      error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' },
    });
    renderWithRouter(routes, { path: '/auth' });
    const panel = screen.getByRole('tabpanel', { name: 'Sign In' });
    fireEvent.change(panel.querySelector('input[name="email"]') as HTMLInputElement, {
      target: { value: 'a@example.com' },
    });
    fireEvent.change(panel.querySelector('input[name="password"]') as HTMLInputElement, {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');

    server.use(http.post('/api/auth/sign-in', () => HttpResponse.error()));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Network request failed'),
    );
  });

  it('shows the unconfirmed-email toast instead of the alert', async () => {
    signInAnswers(403, {
      error: {
        code: 'FORBIDDEN',
        message: 'Email not confirmed',
        details: { reason: 'EMAIL_NOT_CONFIRMED' },
      },
    });
    renderWithRouter(routes, { path: '/auth' });
    const panel = screen.getByRole('tabpanel', { name: 'Sign In' });
    fireEvent.change(panel.querySelector('input[name="email"]') as HTMLInputElement, {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(panel.querySelector('input[name="password"]') as HTMLInputElement, {
      target: { value: 'secret1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Email not confirmed', {
        description: 'Please check your email and click the verification link before signing in.',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend confirmation email' })).toBeTruthy();
  });

  it('asks for both fields before calling the server', async () => {
    const requests = recordRequests();
    renderWithRouter(routes, { path: '/auth' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // react-hook-form validates asynchronously: the messages appear a tick later.
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(requests.map((r) => new URL(r.url).pathname)).not.toContain('/api/auth/sign-in');
  });
});

describe('AuthPage sign-up flow (spec §4)', () => {
  it('switches to the Sign In tab with the email filled in 5 s after sign-up', async () => {
    server.use(
      http.post('/api/auth/sign-up', () =>
        HttpResponse.json({ ok: true, email: 'ada@example.com' }, { status: 201 }),
      ),
    );
    renderWithRouter(routes, { path: '/auth?tab=signup' });
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Sign Up' });
    const set = (name: string, value: string) =>
      fireEvent.change(panel.querySelector(`[name="${name}"]`) as HTMLInputElement, {
        target: { value },
      });
    set('fullName', 'Ada Lovelace');
    set('email', 'ada@example.com');
    set('phone', '+1 555 0100');
    set('password', 'secret1');
    set('confirmPassword', 'secret1');
    set('service', 'Music');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getAllByText('Check your email').length).toBeGreaterThan(0));

    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'How easy was it to sign up?' })).toBeTruthy();
    // The modal hides the page from assistive technology meanwhile, hence `hidden: true`.
    expect(
      screen.getByRole('tab', { name: 'Sign Up', hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');

    await act(async () => vi.advanceTimersByTime(4000));
    expect(
      screen.getByRole('tab', { name: 'Sign In', hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
    const signIn = screen.getByRole('tabpanel', { name: 'Sign In', hidden: true });
    expect((signIn.querySelector('input[name="email"]') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });
});
