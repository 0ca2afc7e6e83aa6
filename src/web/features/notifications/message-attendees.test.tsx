import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_PER_HOUR,
  NOTIFICATION_MESSAGES,
} from '../../../contracts/notification-types';
import { answerApi } from '../../test/msw';
import { MessageAttendees } from './message-attendees';

type Answer = { status: number; body: JsonBodyType };

function stubApi(answers: Record<string, Answer>) {
  return answerApi(({ url }) => {
    const answer = answers[url] ?? { status: 404, body: {} };
    return HttpResponse.json(answer.body, { status: answer.status });
  });
}

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageAttendees eventId="ev1" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Message attendees' }));
}

const PREVIEW = '/api/events/ev1/announcements/preview';
const SEND = '/api/events/ev1/announcements';

describe('MessageAttendees', () => {
  it('asks for a subject, a message and a channel before previewing', async () => {
    const calls = stubApi({});
    open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    // The checks run on submit (react-hook-form's handler is asynchronous).
    expect(await screen.findByText(NOTIFICATION_MESSAGES.subjectRequired)).toBeTruthy();
    expect(screen.getByText(NOTIFICATION_MESSAGES.messageRequired)).toBeTruthy();
    expect(screen.getByText(NOTIFICATION_MESSAGES.channelRequired)).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Subject')));
    expect(calls).toHaveLength(0);
  });

  it('previews the rendered e-mail in a sandboxed frame with the recipient count, then sends', async () => {
    const calls = stubApi({
      [PREVIEW]: {
        status: 200,
        body: {
          recipients: 3,
          push: { title: 'Jazz Night: Doors at 7', body: 'See you there' },
          subject: 'Doors at 7',
          html: '<p>Hello <b>all</b></p>',
          text: 'Hello all',
        },
      },
      [SEND]: { status: 200, body: { recipients: 3, emailed: 3, pushed: 1 } },
    });
    open();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' Doors at 7 ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'See you there' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Push notification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('E-mail preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello <b>all</b></p>');
    expect(screen.getByText('3 attendees')).toBeTruthy();
    expect(screen.getByText('Jazz Night: Doors at 7')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      subject: 'Doors at 7',
      message: 'See you there',
      sendEmailNotification: true,
      sendPushNotification: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 attendees' }));
    expect(await screen.findByText('Announcement sent')).toBeTruthy();
    expect(screen.getByText(/3 e-mails and 1 push notification/)).toBeTruthy();
    expect(calls.at(-1)?.url).toBe(SEND);
  });

  it('says plainly when the hourly limit is reached (429)', async () => {
    stubApi({
      [PREVIEW]: {
        status: 200,
        body: {
          recipients: 2,
          push: { title: 'E: S', body: 'x' },
          subject: 'S',
          html: '<p>x</p>',
          text: 'x',
        },
      },
      [SEND]: {
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please try again in 1 hour.',
          },
        },
      },
    });
    open();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'S' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send to 2 attendees' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many announcements');
    expect(alert.textContent).toContain(`up to ${ANNOUNCEMENTS_PER_HOUR} announcements`);
    expect(alert.textContent).toContain('Please try again in 1 hour.');
  });

  it('puts the server’s field messages (422) next to the fields', async () => {
    stubApi({
      [PREVIEW]: {
        status: 422,
        body: {
          error: {
            code: 'UNPROCESSABLE',
            message: 'Subject is too long',
            details: { fields: [{ field: 'body.subject', message: 'Subject is too long' }] },
          },
        },
      },
    });
    open();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'S' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByText('Subject is too long')).toBeTruthy());
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Subject')));
  });
});
