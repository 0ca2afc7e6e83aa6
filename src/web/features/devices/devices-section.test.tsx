import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../../contracts/devices';
import { recordRequests, requestPath, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { DevicesSection } from './devices-section';
import { SignInLinkRequest } from './sign-in-link-request';

const THIS: DeviceSession = {
  id: '00000000-0000-4000-8000-000000000001',
  browser: 'Firefox 140',
  system: 'Windows',
  place: '203.0.113.x',
  firstSeenAt: '2026-12-01T10:00:00Z',
  lastSeenAt: '2026-12-03T10:00:00Z',
  current: true,
};
const PHONE: DeviceSession = {
  ...THIS,
  id: '00000000-0000-4000-8000-000000000002',
  browser: 'Safari 18',
  system: 'iOS',
  place: null,
  current: false,
};

function listing(sessions: DeviceSession[]) {
  server.use(http.get('/api/devices/sessions', () => HttpResponse.json({ sessions })));
}

describe('DevicesSection', () => {
  it('lists the sessions, marks this device, and signs another out', async () => {
    listing([THIS, PHONE]);
    server.use(
      http.delete('/api/devices/sessions/:id', () => {
        listing([THIS]);
        return HttpResponse.json({ ok: true });
      }),
    );
    const requests = recordRequests();
    renderWithRouter([{ path: '/', element: <DevicesSection /> }]);
    const list = await screen.findByRole('list', { name: "Where you're signed in" });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Network 203.0.113.x')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Network not recorded')).toBeTruthy();
    // This device has no sign-out button of its own.
    expect(screen.queryByRole('button', { name: 'Sign out Firefox 140 on Windows' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.map((r) => `${r.method} ${requestPath(r)}`)).toContain(
      `DELETE /api/devices/sessions/${PHONE.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    server.use(
      http.get('/api/devices/sessions', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'Down' } }, { status: 500 }),
      ),
    );
    renderWithRouter([{ path: '/', element: <DevicesSection /> }]);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('SignInLinkRequest', () => {
  it('asks for the address and says the same thing whatever the answer', async () => {
    server.use(http.post('/api/auth/sign-in-link/request', () => HttpResponse.json({ ok: true })));
    renderWithRouter([{ path: '/', element: <SignInLinkRequest /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email for the sign-in link'), {
      target: { value: 'ada@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText(/If an account exists for ada@example.test/)).toBeTruthy();
  });
});
