import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../contracts/accounts';
import { recordRequests, server } from '../../test/msw';
import { ProfileDetailsForm } from './profile-details-form';

const profile = {
  fullName: 'Lena Beats',
  phone: null,
  businessName: null,
  category: null,
  userType: 'attendee',
} as unknown as Profile;

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileDetailsForm profile={profile} />
    </QueryClientProvider>,
  );
}

describe('ProfileDetailsForm', () => {
  it('asks for a full name before sending, then sends the trimmed fields with empty ones as null', async () => {
    setup();
    const requests = recordRequests();
    const name = screen.getByLabelText('Full name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Please enter your full name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);

    let body: unknown;
    server.use(
      http.patch('/api/profile', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...profile, fullName: 'Lena' });
      }),
    );
    fireEvent.change(name, { target: { value: ' Lena ' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555 0177' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    await waitFor(() =>
      expect(body).toEqual({
        fullName: 'Lena',
        phone: '+1 555 0177',
        businessName: null,
        category: null,
      }),
    );
  });
});
