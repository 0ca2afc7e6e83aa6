import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { answerApi, type ApiCall, fieldRefusal } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { PayoutForm } from './admin-page';
import { EventRow } from './event-settings';
import { JoinCard } from './join-page';
import { PayoutMethodForm } from './profile-page';

// The four affiliate forms: their checks name and focus the field without sending, the server's
// refusal of a field lands on that field, and a good submit sends the body the API expects.

const EVENT_ID = '4a1b2c3d-0000-4000-8000-000000000004';
const AFFILIATE_ID = '4a1b2c3d-0000-4000-8000-000000000005';

const refusal = (field: string, message: string) => fieldRefusal(`body.${field}`, message);

/** Answers writes with `write`; reads get the event's commission rule. */
function stubApi(write: (call: ApiCall) => Response) {
  const calls = answerApi((call) =>
    call.method === 'GET'
      ? HttpResponse.json({
          eventId: EVENT_ID,
          isReferralBased: false,
          kind: 'percent',
          value: 1000,
        })
      : write(call),
  );
  return { writes: () => calls.filter((c) => c.method !== 'GET') };
}

function renderForm(element: ReactNode) {
  renderWithRouter([{ path: '/', element }], { user: makeUser({ roles: ['admin'] }) });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const focused = (label: string) =>
  waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(label)));

describe('PayoutMethodForm', () => {
  it('names and focuses the details without sending', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<PayoutMethodForm current={null} />);
    type('PayPal email', 'a');
    click('Save payout method');
    expect(await screen.findByText('Enter where to send payouts')).toBeTruthy();
    expect(screen.getByLabelText('PayPal email').getAttribute('aria-invalid')).toBe('true');
    await focused('PayPal email');
    expect(api.writes()).toHaveLength(0);
  });

  it('sends the method and the trimmed details', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<PayoutMethodForm current="paypal" />);
    fireEvent.change(screen.getByLabelText('Payout method'), { target: { value: 'check' } });
    type('Mailing address', ' 1 Main St, Springfield ');
    click('Save payout method');
    await waitFor(() =>
      expect(api.writes()[0]?.body).toEqual({
        payoutMethod: 'check',
        payoutDetails: '1 Main St, Springfield',
      }),
    );
  });

  it("shows the server's refusal on the details", async () => {
    stubApi(() => refusal('payoutDetails', 'That address is too long'));
    renderForm(<PayoutMethodForm current="paypal" />);
    type('PayPal email', 'me@example.com');
    click('Save payout method');
    expect(await screen.findByText('That address is too long')).toBeTruthy();
    await focused('PayPal email');
  });
});

describe('JoinCard', () => {
  const terms = () => screen.getByRole('checkbox');

  it('asks for the terms and focuses them without sending', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<JoinCard />);
    click('Join and get my code');
    expect(await screen.findByText('Please accept the program terms')).toBeTruthy();
    expect(terms().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(terms()));
    expect(api.writes()).toHaveLength(0);
  });

  it('joins once the terms are accepted', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<JoinCard />);
    fireEvent.click(terms());
    click('Join and get my code');
    await waitFor(() => expect(api.writes()[0]?.body).toEqual({ acceptTerms: true }));
    expect(screen.queryByText('Please accept the program terms')).toBeNull();
  });

  it("shows the server's refusal under the terms", async () => {
    stubApi(() => refusal('acceptTerms', 'The program is closed to new members'));
    renderForm(<JoinCard />);
    fireEvent.click(terms());
    click('Join and get my code');
    expect(await screen.findByText('The program is closed to new members')).toBeTruthy();
    expect(terms().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('EventRow', () => {
  const renderRow = async () => {
    renderForm(<EventRow eventId={EVENT_ID} title="Harvest Fair" />);
    await waitFor(() =>
      expect((screen.getByLabelText('Percent') as HTMLInputElement).value).toBe('10'),
    );
  };

  it('names and focuses a negative amount without sending', async () => {
    const api = stubApi(() => HttpResponse.json({}));
    await renderRow();
    type('Percent', '-2');
    click('Save');
    expect(await screen.findByText('Enter a number of 0 or more')).toBeTruthy();
    await focused('Percent');
    expect(api.writes()).toHaveLength(0);
  });

  it('saves the rule with the amount in hundredths', async () => {
    const api = stubApi(({ body }) => HttpResponse.json(body as Record<string, unknown>));
    await renderRow();
    fireEvent.click(screen.getByLabelText('Referrals for Harvest Fair'));
    fireEvent.change(screen.getByLabelText('Commission'), { target: { value: 'fixed' } });
    type('Dollars per ticket', '2.5');
    click('Save');
    await waitFor(() =>
      expect(api.writes()[0]?.body).toEqual({
        eventId: EVENT_ID,
        isReferralBased: true,
        kind: 'fixed',
        value: 250,
      }),
    );
  });

  it("shows the server's refusal of the value on the amount", async () => {
    stubApi(() => refusal('value', 'A percentage cannot exceed 100 %'));
    await renderRow();
    type('Percent', '150');
    click('Save');
    expect(await screen.findByText('A percentage cannot exceed 100 %')).toBeTruthy();
    expect(screen.getByLabelText('Percent').getAttribute('aria-invalid')).toBe('true');
    await focused('Percent');
  });
});

describe('PayoutForm', () => {
  const row = {
    userId: AFFILIATE_ID,
    name: 'Ana Affiliate',
    email: 'ana@example.com',
    code: 'ANA10',
    balances: { pendingCents: 0, dueCents: 4250, paidCents: 0 },
    w9OnFile: true,
    tinMasked: '***-**-1234',
    payoutMethod: 'paypal',
  };

  it('names both bad fields and focuses the amount without sending', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<PayoutForm row={row} />);
    type('Amount ($)', '0');
    click('Mark paid');
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    expect(screen.getByText('Enter the payment reference')).toBeTruthy();
    expect(screen.getByLabelText('Reference').getAttribute('aria-invalid')).toBe('true');
    await focused('Amount ($)');
    expect(api.writes()).toHaveLength(0);
  });

  it('records the payout in cents and clears the reference', async () => {
    const api = stubApi(() => HttpResponse.json({ ok: true }));
    renderForm(<PayoutForm row={row} />);
    type('Reference', ' PP-991 ');
    click('Mark paid');
    await waitFor(() =>
      expect(api.writes()[0]?.body).toEqual({
        affiliateId: AFFILIATE_ID,
        amountCents: 4250,
        reference: 'PP-991',
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe(''),
    );
  });

  it("shows the server's refusal of the amount on the amount", async () => {
    stubApi(() => refusal('amountCents', 'Too large'));
    renderForm(<PayoutForm row={row} />);
    type('Reference', 'PP-992');
    click('Mark paid');
    expect(await screen.findByText('Too large')).toBeTruthy();
    await focused('Amount ($)');
  });
});
