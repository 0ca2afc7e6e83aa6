import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
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
