import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type Team } from '../../../contracts/teams';
import { answerApi, fieldRefusal, recordRequests, requestJson, server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { InviteAcceptPage } from './invite-accept-page';
import { InviteForm } from './invite-form';
import { TeamPage } from './team-page';

const EVENT = { id: '00000000-0000-4000-8000-0000000000e1', title: 'Harbor Jazz' };
const TEAM: Team = {
  requireTwoFactor: false,
  members: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000011',
      name: 'Ola Door',
      email: 'ola@example.com',
      role: 'check_in',
      allEvents: false,
      eventIds: [EVENT.id],
      joinedAt: '2026-12-01T10:00:00Z',
    },
  ],
  invites: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      email: 'fin@example.com',
      role: 'finance',
      allEvents: true,
      eventIds: [],
      expiresAt: '2026-12-08T10:00:00Z',
      createdAt: '2026-12-01T10:00:00Z',
    },
  ],
  events: [EVENT],
};

function answers() {
  server.use(
    http.get('/api/teams', () => HttpResponse.json(TEAM)),
    http.get('/api/teams/activity', () =>
      HttpResponse.json({
        activity: [
          {
            id: '00000000-0000-4000-8000-000000000003',
            actorName: 'Ola Door',
            eventId: EVENT.id,
            eventTitle: EVENT.title,
            action: 'check_in',
            createdAt: '2026-12-02T10:00:00Z',
          },
        ],
      }),
    ),
    http.get('/api/teams/memberships', () => HttpResponse.json({ teams: [] })),
    http.post('/api/teams/invites', () => HttpResponse.json({ ok: true })),
    http.delete('/api/teams/invites/:id', () => HttpResponse.json({ ok: true })),
    http.put('/api/teams/settings', () => HttpResponse.json({ ok: true })),
  );
}

describe('TeamPage', () => {
  it('shows members with role and scope, pending invites, the activity log, and invites', async () => {
    answers();
    const requests = recordRequests();
    renderWithRouter([{ path: '/', element: <TeamPage /> }], {
      user: makeUser({ userType: 'organizer' }),
    });
    expect(await screen.findByText('Ola Door', { selector: 'td, td *' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of Ola Door' })).toHaveProperty(
      'value',
      'check_in',
    );
    expect(screen.getByText(/fin@example.com · Finance · All events/)).toBeTruthy();
    expect(await screen.findByText(/Ola Door · check_in · Harbor Jazz/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'box_office' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/teams/invites'));
    expect(await requestJson(sent as Request)).toEqual({
      email: 'new@example.com',
      role: 'box_office',
      allEvents: true,
      eventIds: [],
    });

    fireEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation to fin@example.com' }),
    );
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'DELETE' && r.url.includes('/api/teams/invites/')),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Members must use two-factor sign-in' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'PUT' && r.url.endsWith('/api/teams/settings')),
      ).toBe(true),
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(await requestJson(put as Request)).toEqual({ requireTwoFactor: true });
  });

  it('lists only the teams one belongs to for an attendee account', async () => {
    answers();
    server.use(
      http.get('/api/teams/memberships', () =>
        HttpResponse.json({
          teams: [
            {
              ownerId: '00000000-0000-4000-8000-0000000000a1',
              ownerName: 'Nia Festival',
              role: 'check_in',
              events: [EVENT],
              needsTwoFactor: true,
            },
          ],
        }),
      ),
    );
    renderWithRouter([{ path: '/', element: <TeamPage /> }], { user: makeUser() });
    const link = await screen.findByRole('link', { name: 'Harbor Jazz' });
    expect(link.getAttribute('href')).toBe(`/event/${EVENT.id}/check-in`);
    expect(screen.getByText(/Acting for Nia Festival/)).toBeTruthy();
    expect(screen.getByText(/team requires two-factor sign-in/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
  });
});

describe('InviteAcceptPage', () => {
  it('asks a signed-out visitor to sign in, then a signed-in one accepts', async () => {
    server.use(
      http.post('/api/teams/invites/preview', () =>
        HttpResponse.json({
          ownerName: 'Nia Festival',
          email: 'ola@example.com',
          role: 'check_in',
          expiresAt: '2026-12-08T10:00:00Z',
        }),
      ),
      http.post('/api/teams/invites/accept', () => HttpResponse.json({ ok: true })),
    );
    const signedOut = renderWithRouter(
      [{ path: '/teams/invite/:token', element: <InviteAcceptPage /> }],
      { path: '/teams/invite/abc' },
    );
    const signIn = await screen.findByRole('link', { name: 'Sign in or sign up to accept' });
    expect(signIn.getAttribute('href')).toBe('/auth?redirect=%2Fteams%2Finvite%2Fabc');
    expect(
      screen.getByText('Nia Festival invited ola@example.com to their team as Check-in.'),
    ).toBeTruthy();
    signedOut.unmount();

    renderWithRouter([{ path: '/teams/invite/:token', element: <InviteAcceptPage /> }], {
      path: '/teams/invite/abc',
      user: makeUser(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText(/You joined the team/)).toBeTruthy();
  });

  it('says when the link no longer works', async () => {
    server.use(
      http.post('/api/teams/invites/preview', () =>
        HttpResponse.json(
          {
            error: {
              code: 'UNPROCESSABLE',
              message: 'This invitation has expired. Please ask for a new one.',
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderWithRouter([{ path: '/teams/invite/:token', element: <InviteAcceptPage /> }], {
      path: '/teams/invite/old',
    });
    expect(
      await screen.findByText('This invitation has expired. Please ask for a new one.'),
    ).toBeTruthy();
  });
});

// The invite form: the contract's email text on the field before any request (focused), the
// server's refusal of a chosen event on the events group, and the body with the chosen events.
describe('the invite form', () => {
  const renderForm = () =>
    renderWithRouter([{ path: '/', element: <InviteForm team={TEAM} /> }], {
      user: makeUser({ userType: 'organizer' }),
    });

  it('refuses a malformed email on its field and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({ ok: true }));
    renderForm();
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEAM_MESSAGES.email)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on the events and sends the chosen ones", async () => {
    const calls = answerApi(() => fieldRefusal('body.eventIds.0', 'Not one of your events'));
    renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'door@example.com' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'All my events' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: EVENT.title }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Not one of your events')).toBeTruthy();
    const events = screen.getByRole('group', { name: 'Events' });
    await waitFor(() => expect(document.activeElement).toBe(events));
    expect(screen.queryByText('Invitation sent.')).toBeNull();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/teams/invites',
        body: {
          email: 'door@example.com',
          role: 'check_in',
          allEvents: false,
          eventIds: [EVENT.id],
        },
      },
    ]);
  });
});
