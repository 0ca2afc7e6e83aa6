import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products';
import { addOnAllowance } from './product-choices';
import { emptyProductForm, formToInput, toCents } from './product-form';

const shirt: Product = {
  id: 'p',
  eventId: 'e',
  name: 'T-shirt',
  description: '',
  category: 'merchandise',
  priceCents: 2000,
  currency: 'USD',
  soldAlone: false,
  salesStart: null,
  salesEnd: null,
  maxPerOrder: 10,
  variations: [],
  addOns: [
    { ticketTypeId: 'ga', ticketTypeName: 'GA', minPerTicket: 0, maxPerTicket: 2 },
    { ticketTypeId: 'vip', ticketTypeName: 'VIP', minPerTicket: 1, maxPerTicket: 3 },
  ],
};

describe('the product form', () => {
  it('reads amounts as cents and leaves what is not an amount for the server to name', () => {
    expect([toCents('20'), toCents('12.5'), toCents('0,99'), toCents('')]).toEqual([
      2000,
      1250,
      99,
      Number.NaN,
    ]);
  });

  it('reads the currency’s own decimals: none in yen, three in dinars', () => {
    expect([toCents('1500', 'JPY'), toCents('15.5', 'JPY')]).toEqual([1500, Number.NaN]);
    expect([toCents('2.750', 'KWD'), toCents('2,5', 'KWD'), toCents('2.7501', 'KWD')]).toEqual([
      2750,
      2500,
      Number.NaN,
    ]);
  });

  it('sends variations without their own price at the product price, and only chosen rules', () => {
    const values = {
      ...emptyProductForm('EUR'),
      name: 'T-shirt',
      price: '20',
      variations: [
        { id: null, label: 'S', quantity: '10', price: '' },
        { id: 'x', label: 'M', quantity: '5', price: '22.50' },
      ],
      addOns: {
        ga: { enabled: true, min: '0', max: '2' },
        vip: { enabled: false, min: '1', max: '3' },
      },
    };
    expect(formToInput(values)).toMatchObject({
      currency: 'EUR',
      priceCents: 2000,
      variations: [
        { id: null, label: 'S', quantity: 10, priceCents: null },
        { id: 'x', label: 'M', quantity: 5, priceCents: 2250 },
      ],
      addOns: [{ ticketTypeId: 'ga', minPerTicket: 0, maxPerTicket: 2 }],
    });
  });
});

describe('what the chosen tickets allow of an add-on', () => {
  it('sums the most per ticket over the chosen tickets; nothing without them', () => {
    expect(addOnAllowance(shirt, {})).toBe(0);
    expect(addOnAllowance(shirt, { ga: 2 })).toBe(4);
    expect(addOnAllowance(shirt, { ga: 1, vip: 2 })).toBe(8);
    expect(addOnAllowance({ ...shirt, soldAlone: true }, {})).toBe(Number.POSITIVE_INFINITY);
  });
});
