import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES } from '../../../contracts/events';
import { recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { EventForm } from './event-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
// Saving then opening the event page takes about a second in happy-dom on a busy machine.
const OPENED = { timeout: 3000 };

function Where() {
  const { pathname } = useLocation();
  return <p>at {pathname}</p>;
}

function setup() {
  renderWithRouter(
    [
      { path: '/events/new', element: <EventForm /> },
      { path: '*', element: <Where /> },
    ],
    { path: '/events/new' },
  );
}

// Text and label queries: role queries walk the whole accessibility tree, and this form has
// hundreds of time-zone options and vendor checkboxes, which makes them seconds slow.
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const button = (name: string) => screen.getByText(name, { selector: 'button' });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

function fillRequired() {
  type('Title', 'Jazz Night');
  fireEvent.change(field('Category'), { target: { value: 'Music' } });
  type('Starts', '2030-06-06T19:00');
  fireEvent.change(field('Time zone'), { target: { value: 'UTC' } });
  type('City', 'Brooklyn');
}

// A short time-zone list: the browser's 400-odd zones as options make every render and query
// of this form slow in happy-dom, and the tests choose UTC.
beforeEach(() => {
  vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/New_York', 'Europe/Paris', 'UTC']);
});
afterEach(() => vi.restoreAllMocks());

describe('EventForm', () => {
  it('shows the shared schema messages under their fields and focuses the first, sending nothing', async () => {
    const requests = recordRequests();
    setup();
    fireEvent.click(button('Save draft'));
    expect(await screen.findByText(EVENT_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(EVENT_MESSAGES.categoryRequired)).toBeTruthy();
    expect(screen.getByText(EVENT_MESSAGES.startRequired)).toBeTruthy();
    expect(screen.getByText(EVENT_MESSAGES.locationRequired)).toBeTruthy();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Title')));

    // Messages change on submit only, not while typing.
    type('Title', 'Jazz Night');
    expect(screen.getByText(EVENT_MESSAGES.titleRequired)).toBeTruthy();
    fireEvent.click(button('Save draft'));
    await waitFor(() => expect(screen.queryByText(EVENT_MESSAGES.titleRequired)).toBeNull());
    expect(screen.getByText(EVENT_MESSAGES.categoryRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Category')));
    expect(requests).toHaveLength(0);
  });

  it('saves a draft with the body built in the chosen zone and opens the event', async () => {
    server.use(
      http.post('/api/events', () =>
        HttpResponse.json({ id: EVENT_ID, eventStatus: 'draft' }, { status: 201 }),
      ),
    );
    const requests = recordRequests();
    setup();
    fillRequired();
    fireEvent.click(screen.getByLabelText(/Invite vendors to apply/));
    type('Vendor fee in USD (blank for none)', '$150');
    fireEvent.click(screen.getByLabelText('DJ'));
    fireEvent.click(button('Save draft'));
    expect(await screen.findByText(`at /event/${EVENT_ID}`, undefined, OPENED)).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Draft saved');
    expect(await requests[0]?.json()).toMatchObject({
      title: 'Jazz Night',
      category: 'Music',
      startsAt: '2030-06-06T19:00:00.000Z',
      timezone: 'UTC',
      city: 'Brooklyn',
      isOnline: false,
      visibility: 'public',
      vendorFeeAmount: 150,
      metadata: { vendor_requirements: { categories: ['DJ'] } },
    });
  });

  it('publishes after creating when Publish is pressed', async () => {
    server.use(
      http.post('/api/events', () =>
        HttpResponse.json({ id: EVENT_ID, eventStatus: 'draft' }, { status: 201 }),
      ),
      http.post(`/api/events/${EVENT_ID}/publish`, () =>
        HttpResponse.json({ id: EVENT_ID, eventStatus: 'published' }),
      ),
    );
    const requests = recordRequests();
    setup();
    fillRequired();
    fireEvent.click(button('Publish'));
    expect(await screen.findByText(`at /event/${EVENT_ID}`, undefined, OPENED)).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Event published');
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/events',
      `POST /api/events/${EVENT_ID}/publish`,
    ]);
  });

  it("puts the server's field message under its field, with the pricing link, and focuses it", async () => {
    server.use(
      http.post('/api/events', () =>
        HttpResponse.json(
          {
            error: {
              code: 'FORBIDDEN',
              message: 'Your plan allows up to 250 attendees per event. See /pricing.',
              details: {
                fields: [
                  {
                    field: 'body.capacity',
                    message: 'Your plan allows up to 250 attendees per event. See /pricing.',
                  },
                ],
              },
            },
          },
          { status: 403 },
        ),
      ),
    );
    setup();
    fillRequired();
    type('Capacity (optional)', '500');
    fireEvent.click(button('Save draft'));
    expect(await screen.findByText(/Your plan allows up to 250 attendees per event/)).toBeTruthy();
    expect(screen.getByText('plans and pricing', { selector: 'a' })).toBeTruthy();
    expect(field('Capacity (optional)').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Capacity (optional)')));
    expect(button('Save draft')).toHaveProperty('disabled', false);
  });

  it('shows a failure without a field as one alert', async () => {
    server.use(
      http.post('/api/events', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: '' } }, { status: 500 }),
      ),
    );
    setup();
    fillRequired();
    fireEvent.click(button('Save draft'));
    expect(await screen.findByText('The event could not be saved. Please try again.')).toBeTruthy();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'The event could not be saved. Please try again.',
    );
  });
});
