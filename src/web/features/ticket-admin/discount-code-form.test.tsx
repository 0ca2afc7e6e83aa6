import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import { answerApi } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { DiscountCodeForm } from './discount-code-form';

// The new discount code form: the contract's texts (and the currency's charge step) on their
// fields before any request, the body as the API takes it, the server's refusals on their fields.

const EVENT_ID = '44444444-4444-4444-8444-444444444444';

function stubApi(answer: (body: unknown) => Response) {
  return answerApi(({ method, body }) =>
    method === 'POST' ? answer(body) : HttpResponse.json({ ticketTypes: [] }),
  );
}

function renderForm(currency = 'USD') {
  renderWithRouter(
    [{ path: '/', element: <DiscountCodeForm eventId={EVENT_ID} currency={currency} /> }],
    {
      user: makeUser(),
    },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create code' }));

describe('DiscountCodeForm', () => {
  it('names the bad fields with the contract texts without creating', async () => {
    const calls = stubApi(() => HttpResponse.json({}));
    renderForm();
    type('Code', 'ab');
    type('Percent off', '120');
    create();
    expect(await screen.findByText('A code needs at least 3 characters')).toBeTruthy();
    expect(screen.getByText(TICKET_MESSAGES.percentRange)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a fixed amount off the currency step on the amount', async () => {
    stubApi(() => HttpResponse.json({}));
    renderForm('KWD');
    type('Code', 'FILS');
    type('Type of discount', 'fixed');
    type('Amount off (KWD)', '1.255');
    create();
    expect(await screen.findByText('Prices in KWD go in steps of 0.010')).toBeTruthy();
    expect(screen.getByLabelText('Amount off (KWD)').getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the code, then empties the form', async () => {
    const calls = stubApi((body) =>
      HttpResponse.json({ ...(body as object), id: 'd1' }, { status: 201 }),
    );
    renderForm();
    type('Code', 'earlybird');
    type('Percent off', '15');
    create();
    await waitFor(() => expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'EARLYBIRD',
      kind: 'percent',
      amount: 15,
      ticketTypeId: null,
      usageLimit: null,
      validFrom: null,
      validUntil: null,
    });
  });

  it("shows the server's refusal of a field on that field", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'CONFLICT',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'code', message: 'This code already exists' }] },
          },
        },
        { status: 409 },
      ),
    );
    renderForm();
    type('Code', 'EARLYBIRD');
    type('Percent off', '15');
    create();
    expect(await screen.findByText('This code already exists')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('EARLYBIRD');
  });
});
