import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../../test/msw';
import { renderWithRouter } from '../../../test/render-with-router';
import { AFFILIATE_COOKIE, PROMO_REFERRAL_KEY } from '../referral';
import { SignUpForm } from './sign-up-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function setup(path = '/auth?tab=signup') {
  const onSignedUp = vi.fn();
  renderWithRouter([{ path: '/auth', element: <SignUpForm onSignedUp={onSignedUp} /> }], { path });
  return { onSignedUp };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

function fillRequired({
  password = 'secret1',
  confirm = password,
}: { password?: string; confirm?: string } = {}) {
  type('Full name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Phone', '+1 555 0100');
  type('Password', password);
  type('Confirm password', confirm);
}

afterEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  document.cookie = `${AFFILIATE_COOKIE}=; Max-Age=0; path=/`;
});

describe('SignUpForm validation (spec §5 order, §8 texts)', () => {
  it('asks for the required fields first and focuses the first one', async () => {
    setup();
    submit();
    expect(await screen.findByText('Please enter your full name')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(document.activeElement).toBe(field('Full name'));
    expect(field('Full name').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks matching passwords, then length, then the service choice', async () => {
    const requests = recordRequests();
    setup();
    fillRequired({ password: 'abc', confirm: 'abd' });
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Password must be at least 6 characters long')).toBeNull();

    type('Confirm password', 'abc');
    submit();
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();

    type('Password', 'secret1');
    type('Confirm password', 'secret1');
    submit();
    expect(
      await screen.findByText("Please select the type of events you're interested in attending"),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Venue/ }));
    submit();
    expect(
      await screen.findByText('Please select a venue type for your venue account'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Vendor/ }));
    submit();
    expect(await screen.findByText('Please select a service for your vendor account')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Organizer/ }));
    submit();
    expect(
      await screen.findByText('Please select a service for your organizer account'),
    ).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});

describe('SignUpForm account type (spec §2)', () => {
  it('defaults to attendee, warns the type is final, and relabels the choice by type', () => {
    setup();
    expect((screen.getByRole('radio', { name: /Attendee/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText('Account type cannot be changed after registration.')).toBeTruthy();
    expect(field("Type of events you're interested in")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Organizer/ }));
    expect(field('Your specialty')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Vendor/ }));
    expect(field('Your service')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Venue/ }));
    expect(field('Venue type')).toBeTruthy();
  });

  it('clears the service/interest choice when the type changes', () => {
    setup();
    fireEvent.change(field("Type of events you're interested in"), {
      target: { value: 'Music' },
    });
    expect((field("Type of events you're interested in") as HTMLSelectElement).value).toBe('Music');
    fireEvent.click(screen.getByRole('radio', { name: /Vendor/ }));
    const service = field('Your service') as HTMLSelectElement;
    expect(service.value).toBe('');
    fireEvent.change(service, { target: { value: 'DJ' } });
    fireEvent.click(screen.getByRole('radio', { name: /Attendee/ }));
    expect((field("Type of events you're interested in") as HTMLSelectElement).value).toBe('');
  });
});

describe('SignUpForm submitting', () => {
  it('reads "Creating Account..." while working, then toasts, clears referrals and reports', async () => {
    sessionStorage.setItem(
      PROMO_REFERRAL_KEY,
      JSON.stringify({ promo_id: 'PROMO-u1-1', event_id: 'e', timestamp: 1 }),
    );
    document.cookie = `${AFFILIATE_COOKIE}=AFF-1; path=/`;
    // The server answers once the test says so, to see the pending state first.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/auth/sign-up', async () => {
        await answered;
        return HttpResponse.json({ ok: true, email: 'ada@example.com' }, { status: 201 });
      }),
    );
    const requests = recordRequests();
    const { onSignedUp } = setup();
    expect((field('Referral code (optional)') as HTMLInputElement).value).toBe('PROMO-u1-1');

    fillRequired();
    fireEvent.change(field("Type of events you're interested in"), { target: { value: 'Music' } });
    submit();
    const button = await screen.findByRole('button', { name: 'Creating Account...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(requests).toHaveLength(1));
    const body: unknown = await requests[0]?.json();
    expect(body).toMatchObject({
      fullName: 'Ada Lovelace',
      userType: 'attendee',
      service: 'Music',
      referralCode: 'PROMO-u1-1',
    });

    answer();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ada@example.com'));
    expect(toast.success).toHaveBeenCalledWith('Account created!', expect.anything());
    expect(sessionStorage.getItem(PROMO_REFERRAL_KEY)).toBeNull();
    expect(document.cookie).not.toContain('AFF-1');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('shows the server message, else the spec fallback', async () => {
    server.use(http.post('/api/auth/sign-up', () => new HttpResponse('', { status: 500 })));
    setup();
    fillRequired();
    fireEvent.change(field("Type of events you're interested in"), { target: { value: 'Music' } });
    submit();
    expect(await screen.findByText('An error occurred during sign up')).toBeTruthy();

    server.use(
      http.post('/api/auth/sign-up', () =>
        HttpResponse.json(
          { error: { code: 'RATE_LIMITED', message: 'Too many attempts' } },
          { status: 429 },
        ),
      ),
    );
    submit();
    expect(await screen.findByText('Too many attempts')).toBeTruthy();
  });

  it('fills the referral code from ?ref=', () => {
    setup('/auth?tab=signup&ref=LINK-42');
    expect((field('Referral code (optional)') as HTMLInputElement).value).toBe('LINK-42');
    expect(screen.getByText('Filled in from your referral link.')).toBeTruthy();
  });
});
