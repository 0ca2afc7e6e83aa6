import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, type ApiCall } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { RideForm } from './ride-form';

// The ride offer form: its own checks name the field and focus it, the server's field refusals
// land on their fields beside the general message, and a saved ride opens.

const EVENT_ID = '4a1b2c3d-0000-4000-8000-000000000001';
const RIDE_ID = '4a1b2c3d-0000-4000-8000-000000000002';

/** Answers the ride offer with `answer`; the map's tile settings are refused (a plain box). */
function stubApi(answer: (call: ApiCall) => Response) {
  return answerApi((call) =>
    call.method === 'POST' && call.url === '/api/rides'
      ? answer(call)
      : HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  );
}

function renderForm() {
  renderWithRouter(
    [
      { path: '/', element: <RideForm eventId={EVENT_ID} /> },
      { path: '/ryder/:id', element: <p>The ride page</p> },
    ],
    { user: makeUser() },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const offer = () => fireEvent.click(screen.getByRole('button', { name: 'Offer ride' }));
const offers = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('RideForm', () => {
  it('names and focuses the first bad field without sending', async () => {
    const calls = stubApi(() => HttpResponse.json({ id: RIDE_ID }, { status: 201 }));
    renderForm();
    type('Seats', '9');
    type('Latitude', 'north');
    offer();
    expect(await screen.findByText('Say where you leave from')).toBeTruthy();
    expect(screen.getByText('Choose the departure time')).toBeTruthy();
    expect(screen.getByText('Offer 1 to 8 seats')).toBeTruthy();
    expect(screen.getByText('Give both latitude and longitude, or neither')).toBeTruthy();
    expect(screen.getByLabelText('Seats').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Departure area')),
    );
    expect(offers(calls)).toHaveLength(0);
  });

  it('offers the ride with the price in cents and opens it', async () => {
    const calls = stubApi(() => HttpResponse.json({ id: RIDE_ID }, { status: 201 }));
    renderForm();
    type('Departure area', '  Fruitvale BART ');
    type('Latitude', '37.7749');
    type('Longitude', '-122.2241');
    type('Departure time', '2031-10-04T16:30');
    type('Price per seat (0 for free)', '4.5');
    type('Car', 'Green Subaru Outback');
    offer();
    expect(await screen.findByText('The ride page')).toBeTruthy();
    expect(offers(calls)[0]?.body).toEqual({
      eventId: EVENT_ID,
      departureArea: 'Fruitvale BART',
      departurePoint: { lat: 37.7749, lng: -122.2241 },
      departsAt: new Date('2031-10-04T16:30').toISOString(),
      returnDepartsAt: null,
      seats: 3,
      priceCents: 450,
      car: 'Green Subaru Outback',
      luggage: true,
      smoking: false,
      pets: false,
      notes: '',
      bookingMode: 'approval',
    });
  });

  it("shows the server's refusal of a field on that field, and the general message", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'body.priceCents', message: 'Price is too high' }] },
          },
        },
        { status: 400 },
      ),
    );
    renderForm();
    type('Departure area', 'Fruitvale BART');
    type('Departure time', '2031-10-04T16:30');
    type('Price per seat (0 for free)', '99999');
    offer();
    expect(await screen.findByText('Price is too high')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Check the marked fields');
    const price = screen.getByLabelText('Price per seat (0 for free)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(screen.queryByText('The ride page')).toBeNull();
  });
});
