import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalCheckoutSession } from '../../../contracts/tickets';
import { answerApi, fieldRefusal, server } from '../../test/msw';
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

// The card form: the shared schema's checks in the page's words before anything is sent (the
// first bad field focused), the server's refusal on its field, a decline, and the body sent.
const SESSION: LocalCheckoutSession = {
  id: 'cs_local_card',
  status: 'open',
  amountCents: 2500,
  currency: 'USD',
  description: 'Quartet · 1 ticket',
  lines: [{ label: 'Standard × 1', amountCents: 2500 }],
  expiresAt: null,
  successUrl: '/orders/done',
  cancelUrl: '/event/x',
  lastError: null,
};
const PAY_URL = '/api/payments/local/sessions/cs_local_card/pay';

function renderCard(pay: () => Response) {
  const calls = answerApi((call) => (call.method === 'GET' ? HttpResponse.json(SESSION) : pay()));
  renderWithRouter([{ path: '/pay/:id', element: <LocalCheckout sessionId={SESSION.id} /> }], {
    path: `/pay/${SESSION.id}`,
  });
  return calls;
}

const payCalls = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST');

async function typeCard(card: { name: string; cardNumber: string; expiry: string; cvc: string }) {
  fireEvent.change(await screen.findByLabelText('Name on card'), { target: { value: card.name } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: card.cardNumber } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: card.expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: card.cvc } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
}

describe('the test checkout’s card form', () => {
  it('names each bad field in the page’s words, focuses the first and sends nothing', async () => {
    const calls = renderCard(() => HttpResponse.json({}));
    await typeCard({ name: 'Ada Obi', cardNumber: '4242', expiry: '13/30', cvc: '1' });
    expect(await screen.findByText('Please enter a valid card number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid expiry date (MM/YY) in the future')).toBeTruthy();
    expect(screen.getByText('Please enter the 3 or 4 digit security code')).toBeTruthy();
    const card = screen.getByLabelText('Card number');
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name on card').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(payCalls(calls)).toHaveLength(0);
  });

  it('puts the server’s refusal on its field and sends the card as typed', async () => {
    const calls = renderCard(() => fieldRefusal('body.expiry', 'This card has expired'));
    await typeCard({ name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '1230', cvc: '123' });
    expect(await screen.findByText('This card has expired')).toBeTruthy();
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(expiry));
    expect(payCalls(calls)).toEqual([
      {
        method: 'POST',
        url: PAY_URL,
        body: { name: 'Ada Obi', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      },
    ]);
  });

  it('shows a decline, empties the card number and CVC and focuses the card number', async () => {
    renderCard(() =>
      HttpResponse.json({
        status: 'declined',
        message: 'Your card was declined.',
        redirectUrl: null,
      }),
    );
    await typeCard({ name: 'Ada Obi', cardNumber: '4000000000000002', expiry: '1230', cvc: '123' });
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    const card = screen.getByLabelText<HTMLInputElement>('Card number');
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(card.value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('CVC').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Name on card').value).toBe('Ada Obi');
  });
});
