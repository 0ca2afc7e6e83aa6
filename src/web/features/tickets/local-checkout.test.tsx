import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { LocalCheckout } from './local-checkout';
import { PENDING_PAYMENT_KEY, savePendingPayment } from './pending-payment';

const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';

function renderMissing(sessionId: string) {
  server.use(
    http.all('/api/*', () =>
      HttpResponse.json(
        { error: { code: 'NOT_FOUND', message: 'Checkout session not found' } },
        { status: 404 },
      ),
    ),
  );
  renderWithRouter([{ path: '/pay/:id', element: <LocalCheckout sessionId={sessionId} /> }], {
    path: `/pay/${sessionId}`,
  });
}

describe('the pay page of a checkout the server does not know', () => {
  afterEach(() => localStorage.removeItem(PENDING_PAYMENT_KEY));

  it('says the reservation was lost, nothing was charged, and leads back to the event', async () => {
    savePendingPayment({
      sessionId: 'cs_local_lost',
      timestamp: Date.now(),
      amount: 2500,
      eventId: EVENT_ID,
    });
    renderMissing('cs_local_lost');
    expect(await screen.findByText('Your reservation was lost')).toBeTruthy();
    expect(screen.getByText(/You have not been charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      `/event/${EVENT_ID}`,
    );
  });

  it('calls a link this browser was never sent to not valid', async () => {
    renderMissing('cs_local_unknown');
    expect(await screen.findByText('Checkout not found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });
});
