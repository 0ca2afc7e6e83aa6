import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '../../../contracts/waitlist';
import { answerApi, server, fieldRefusal } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { WaitlistJoin } from './waitlist-join';

const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
const TYPE = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Standing',
  minPerOrder: 1,
  maxPerOrder: 4,
};

function renderJoin(open: boolean) {
  let joined: unknown = null;
  server.use(
    http.get('/api/waitlist/events/:id/availability', () => {
      return HttpResponse.json({ ticketTypes: [{ ticketTypeId: TYPE.id, open, waiting: 3 }] });
    }),
    http.post('/api/waitlist', async ({ request }) => {
      joined = await request.json();
      return HttpResponse.json({ outcome: 'confirm', place: null }, { status: 202 });
    }),
  );
  renderWithRouter([{ path: '/', element: <WaitlistJoin eventId={EVENT_ID} ticketType={TYPE} /> }]);
  return { sent: () => joined };
}

describe('Join waiting list', () => {
  it('signed out: asks for an address, refuses a bad one, and says to check the mail', async () => {
    const { sent } = renderJoin(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Join waiting list' }));
    const form = screen.getByRole('form', { name: 'Join the waiting list for Standing' });
    fireEvent.change(screen.getByLabelText('Tickets wanted'), { target: { value: '2' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.submit(form);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Check your email');
    expect(sent()).toMatchObject({ ticketTypeId: TYPE.id, quantity: 2, email: 'sam@example.com' });
  });
});

describe('Join waiting list on Form/FormField', () => {
  function serve(answer: () => Response) {
    return answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json({ ticketTypes: [{ ticketTypeId: TYPE.id, open: true, waiting: 3 }] })
        : answer(),
    );
  }

  async function openForm() {
    renderWithRouter([
      { path: '/', element: <WaitlistJoin eventId={EVENT_ID} ticketType={TYPE} /> },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Join waiting list' }));
    return screen.getByRole('form', { name: 'Join the waiting list for Standing' });
  }

  it('names a bad address with the contract text and focuses it, without a request', async () => {
    const calls = serve(() => HttpResponse.json({}));
    const form = await openForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@' } });
    fireEvent.submit(form);
    expect(await screen.findByText(WAITLIST_MESSAGES.email)).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal of a field on that field", async () => {
    serve(() => fieldRefusal('body.quantity', WAITLIST_MESSAGES.quantity));
    const form = await openForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.submit(form);
    expect(await screen.findByText(WAITLIST_MESSAGES.quantity)).toBeTruthy();
    expect(screen.getByLabelText('Tickets wanted').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('joins with the body the API takes and says where the place is', async () => {
    const calls = serve(() =>
      HttpResponse.json({ outcome: 'confirm', place: null }, { status: 202 }),
    );
    const form = await openForm();
    fireEvent.change(screen.getByLabelText('Tickets wanted'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' sam@example.com ' } });
    fireEvent.submit(form);
    expect((await screen.findByRole('status')).textContent).toContain('Check your email');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/waitlist',
      body: { ticketTypeId: TYPE.id, quantity: 3, email: 'sam@example.com' },
    });
  });
});
