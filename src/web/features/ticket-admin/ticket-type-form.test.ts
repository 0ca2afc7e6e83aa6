import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import {
  emptyTicketTypeForm,
  localInputToIso,
  ticketTypeFieldFor,
  validateTicketTypeForm,
} from './ticket-type-form';

describe('validateTicketTypeForm', () => {
  it('takes as many decimals as the currency has: none in yen, three in dinars, in steps of 10 fils', () => {
    const price = (currency: 'JPY' | 'KWD' | 'USD', text: string) =>
      validateTicketTypeForm({ ...emptyTicketTypeForm(currency), name: 'Seat', price: text });
    expect(price('JPY', '1500')).toMatchObject({ ok: true, input: { priceCents: 1500 } });
    expect(price('JPY', '15.5')).toMatchObject({
      ok: false,
      errors: { price: expect.any(String) },
    });
    expect(price('KWD', '12.750')).toMatchObject({ ok: true, input: { priceCents: 12750 } });
    expect(price('KWD', '12.5')).toMatchObject({ ok: true, input: { priceCents: 12500 } });
    expect(price('KWD', '12.755')).toEqual({
      ok: false,
      errors: { price: 'Prices in KWD go in steps of 0.010' },
    });
    expect(price('KWD', '12.7505')).toMatchObject({
      ok: false,
      errors: { price: expect.any(String) },
    });
    expect(price('USD', '12.75')).toMatchObject({ ok: true, input: { priceCents: 1275 } });
    expect(price('USD', '12.755')).toMatchObject({
      ok: false,
      errors: { price: expect.any(String) },
    });
  });

  it('builds the API body in cents', () => {
    const result = validateTicketTypeForm({
      ...emptyTicketTypeForm(),
      name: 'General',
      price: '25.50',
      quantity: '40',
      maxPerPerson: '2',
      unlockCode: ' VIP ',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      name: 'General',
      priceCents: 2550,
      quantity: 40,
      minPerOrder: 1,
      maxPerOrder: 10,
      maxPerPerson: 2,
      unlockCode: 'VIP',
      salesStart: null,
    });
  });

  it('shows the shared messages on the matching fields', () => {
    const result = validateTicketTypeForm({
      ...emptyTicketTypeForm(),
      price: 'abc',
      quantity: '0',
      minPerOrder: '5',
      maxPerOrder: '2',
      salesStart: '2030-01-02T10:00',
      salesEnd: '2030-01-01T10:00',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe(TICKET_MESSAGES.nameRequired);
    expect(result.errors.price).toBe(TICKET_MESSAGES.price);
    expect(result.errors.quantity).toBe(TICKET_MESSAGES.quantity);
  });

  it('checks the cross-field rules once the fields are valid', () => {
    const base = { ...emptyTicketTypeForm(), name: 'Early' };
    const window = validateTicketTypeForm({
      ...base,
      salesStart: '2030-01-02T10:00',
      salesEnd: '2030-01-01T10:00',
    });
    expect(window.ok || window.errors.salesEnd).toBe(TICKET_MESSAGES.salesWindow);
    const perOrder = validateTicketTypeForm({ ...base, minPerOrder: '5', maxPerOrder: '2' });
    expect(perOrder.ok || perOrder.errors.maxPerOrder).toBe(TICKET_MESSAGES.perOrder);
  });

  it('maps API field paths to form fields', () => {
    expect(ticketTypeFieldFor('body.priceCents')).toBe('price');
    expect(ticketTypeFieldFor('quantity')).toBe('quantity');
    expect(ticketTypeFieldFor('body.nope')).toBeNull();
    expect(localInputToIso('')).toBeNull();
  });
});
