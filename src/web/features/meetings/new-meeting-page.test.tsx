import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from '../../../contracts/meetings';
import { answerApi, server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { meetingInvite, NewMeetingPage } from './new-meeting-page';

// "Start a meeting" from a chat: /meameet?chat= creates the room, posts its link in
// that chat, then opens the room.

const MEETING: Meeting = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Call with Lena Ortiz',
  host: { id: '00000000-0000-4000-8000-000000000001', name: 'Priya Shah' },
  lobby: false,
  hasPasscode: false,
  eventId: null,
  createdAt: '2026-11-25T20:00:00.000Z',
  endedAt: null,
  isHost: true,
  status: 'admitted',
};

function stubApi(chatStatus: number) {
  return answerApi(({ method, url }) => {
    if (method === 'POST' && url === '/api/meetings')
      return HttpResponse.json(MEETING, { status: 201 });
    if (method === 'POST' && url === '/api/chats/chat-1/messages')
      return HttpResponse.json({}, { status: chatStatus });
    return HttpResponse.json({ items: [] });
  });
}

afterEach(() => vi.restoreAllMocks());

async function startFromChat(chatStatus: number) {
  const calls = stubApi(chatStatus);
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  renderWithRouter([{ path: '/meameet', element: <NewMeetingPage /> }], {
    path: '/meameet?chat=chat-1&title=Call%20with%20Lena%20Ortiz',
    user: makeUser(),
  });
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Call with Lena Ortiz');
  expect(screen.getByText(/posted in the conversation you came from/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(`/meameet/${MEETING.id}`));
  return calls;
}

describe('NewMeetingPage from a chat', () => {
  it('posts the room link in the chat, then opens the room', async () => {
    const calls = await startFromChat(201);
    const posted = calls.find((c) => c.url === '/api/chats/chat-1/messages');
    expect(posted?.body).toEqual({
      body: meetingInvite(MEETING.title, MEETING.id, window.location.origin),
      clientId: `meeting-${MEETING.id}`,
    });
    expect(meetingInvite('Call', 'abc', 'https://mea.events')).toBe(
      'Join my video meeting "Call": https://mea.events/meameet/abc',
    );
  });

  it('opens the room even when the chat refuses the post', async () => {
    const calls = await startFromChat(403);
    expect(calls.some((c) => c.url === '/api/chats/chat-1/messages')).toBe(true);
  });
});

describe('NewMeetingPage checks the room before creating it', () => {
  it('names a missing title and a short passcode on their fields without asking the server', async () => {
    const calls = stubApi(201);
    renderWithRouter([{ path: '/meameet', element: <NewMeetingPage /> }], {
      path: '/meameet',
      user: makeUser(),
    });
    fireEvent.change(screen.getByLabelText('Passcode (optional)'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Passcode must be at least 4 characters')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a field on that field", async () => {
    server.use(
      http.post('/api/meetings', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Check the marked fields',
              details: { fields: [{ field: 'body.title', message: 'Title is taken' }] },
            },
          },
          { status: 400 },
        ),
      ),
      http.get('/api/meetings', () => HttpResponse.json({ items: [] })),
    );
    renderWithRouter([{ path: '/meameet', element: <NewMeetingPage /> }], {
      path: '/meameet?title=Standup',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create meeting' }));
    expect(await screen.findByText('Title is taken')).toBeTruthy();
  });
});
