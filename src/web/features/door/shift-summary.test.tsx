import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BoxOfficeShift, BoxOfficeSummary } from '../../../contracts/box-office';
import { fieldRefusal, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { ShiftSummary } from './shift-summary';

const EVENT = '11111111-1111-4111-8111-111111111111';
const SELLER = '22222222-2222-4222-8222-222222222222';
const BASE = `/api/door/events/${EVENT}/box-office`;
const SHIFT = `${BASE}/shifts/${SELLER}/2027-06-05`;

const open: BoxOfficeShift = {
  sellerId: SELLER,
  day: '2027-06-05',
  sellerName: 'Ana Seller',
  sales: 2,
  tickets: 3,
  cashCents: 7500,
  cardCents: 0,
  complimentary: 0,
  firstSaleAt: '2027-06-05T18:00:00.000Z',
  lastSaleAt: '2027-06-05T21:00:00.000Z',
  floatCents: 10000,
  tenderedCents: 8500,
  changeCents: 1000,
  expectedCents: 17500,
  countedCents: null,
  differenceCents: null,
  closedAt: null,
  closedByName: null,
  reopenedAt: null,
  reopenedByName: null,
};

/** The summary the server answers with, and the close requests it received. */
function serve(mayReopen: boolean) {
  const state = { shift: open, closes: [] as unknown[], reopens: 0 };
  server.use(
    http.get(`${BASE}/summary`, () =>
      HttpResponse.json<BoxOfficeSummary>({ currency: 'USD', mayReopen, shifts: [state.shift] }),
    ),
    http.post(`${SHIFT}/close`, async ({ request }) => {
      const body = (await request.json()) as { countedCents: number };
      state.closes.push(body);
      if (body.countedCents > 1_000_000)
        return fieldRefusal('body.countedCents', 'The cash counted is too large');
      state.shift = {
        ...open,
        countedCents: body.countedCents,
        differenceCents: body.countedCents - open.expectedCents,
        closedAt: '2027-06-05T22:00:00.000Z',
        closedByName: 'Ana Seller',
      };
      return HttpResponse.json(state.shift);
    }),
    http.post(`${SHIFT}/reopen`, () => {
      state.reopens += 1;
      state.shift = { ...open, reopenedAt: '2027-06-05T23:00:00.000Z', reopenedByName: 'Nia' };
      return HttpResponse.json(state.shift);
    }),
  );
  return state;
}

const closeWith = (drawer: HTMLElement, amount: string) => {
  fireEvent.change(within(drawer).getByRole('textbox', { name: 'Cash counted' }), {
    target: { value: amount },
  });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Close the shift' }));
};

describe('ShiftSummary drawer', () => {
  it('closes a shift with the cash counted: the contract names bad amounts, then over/short', async () => {
    const state = serve(false);
    renderWithRouter([{ path: '/', element: <ShiftSummary eventId={EVENT} /> }]);
    const drawer = await screen.findByTestId('shift-drawer');
    expect(within(drawer).getByText('$175.00')).toBeTruthy();

    // The contract's own checks, before anything is sent.
    closeWith(drawer, '-5');
    expect(await within(drawer).findByText('The cash counted cannot be negative')).toBeTruthy();
    closeWith(drawer, 'ten');
    expect(await within(drawer).findByText('Enter the cash counted as an amount')).toBeTruthy();
    closeWith(drawer, '');
    expect(await within(drawer).findByText('Enter the cash counted as an amount')).toBeTruthy();
    expect(state.closes).toEqual([]);

    // The server's refusal lands on the field too.
    closeWith(drawer, '20000');
    expect(await within(drawer).findByText('The cash counted is too large')).toBeTruthy();
    expect(
      within(drawer).getByRole('textbox', { name: 'Cash counted' }).getAttribute('aria-invalid'),
    ).toBe('true');

    closeWith(drawer, '170.00');
    const difference = await screen.findByTestId('shift-difference', {}, { timeout: 5000 });
    expect(difference.textContent).toBe('$5.00 short');
    expect(state.closes).toEqual([{ countedCents: 2_000_000 }, { countedCents: 17000 }]);
    expect(screen.getByText(/Closed by Ana Seller/)).toBeTruthy();
    // A seller does not re-open; the count form is gone once closed.
    expect(screen.queryByRole('button', { name: 'Re-open the shift' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Cash counted' })).toBeNull();
  });

  it('lets the organizer re-open a closed shift', async () => {
    const state = serve(true);
    state.shift = {
      ...open,
      countedCents: 18000,
      differenceCents: 500,
      closedAt: '2027-06-05T22:00:00.000Z',
      closedByName: 'Ana Seller',
    };
    renderWithRouter([{ path: '/', element: <ShiftSummary eventId={EVENT} /> }]);
    expect((await screen.findByTestId('shift-difference')).textContent).toBe('$5.00 over');
    fireEvent.click(screen.getByRole('button', { name: 'Re-open the shift' }));
    expect(await screen.findByText(/Re-opened by Nia/, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Cash counted' })).toBeTruthy());
    expect(state.reopens).toBe(1);
  });
});
