import { describe, expect, it } from 'vitest';
import { findAddOnProblem, type CartProduct, type CartRule, type CartType } from './add-on-rules';

// An event with two ticket types (GA, VIP), a T-shirt in S and M offered with both (0–2 per GA
// ticket, 1–3 per VIP ticket), a meal sold alone but required once per VIP ticket, and parking
// sold alone with no rules.
const types = new Map<string, CartType>([
  ['ga', { kind: 'admission', productId: null }],
  ['vip', { kind: 'admission', productId: null }],
  ['shirt-s', { kind: 'product', productId: 'shirt' }],
  ['shirt-m', { kind: 'product', productId: 'shirt' }],
  ['meal', { kind: 'product', productId: 'meal' }],
  ['parking', { kind: 'product', productId: 'parking' }],
]);
const products = new Map<string, CartProduct>([
  ['shirt', { name: 'T-shirt', soldAlone: false }],
  ['meal', { name: 'Meal', soldAlone: true }],
  ['parking', { name: 'Parking', soldAlone: true }],
]);
const rules: CartRule[] = [
  { productId: 'shirt', ticketTypeId: 'ga', minPerTicket: 0, maxPerTicket: 2 },
  { productId: 'shirt', ticketTypeId: 'vip', minPerTicket: 1, maxPerTicket: 3 },
  { productId: 'meal', ticketTypeId: 'vip', minPerTicket: 1, maxPerTicket: 1 },
];

type Cart = [string, number][];
const check = (cart: Cart) =>
  findAddOnProblem(
    cart.map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
    types,
    products,
    rules,
  );

describe('add-on rules', () => {
  it.each<[string, Cart]>([
    ['a ticket alone', [['ga', 3]]],
    [
      'add-ons within the limit per ticket',
      [
        ['ga', 2],
        ['shirt-s', 4],
      ],
    ],
    [
      'variations counted together, within the limit',
      [
        ['ga', 1],
        ['shirt-s', 1],
        ['shirt-m', 1],
      ],
    ],
    [
      'limits summed over ticket types',
      [
        ['ga', 1],
        ['vip', 1],
        ['shirt-m', 5],
        ['meal', 1],
      ],
    ],
    ['a product sold alone, with no ticket', [['parking', 2]]],
    [
      'a product sold alone beyond its add-on allowance',
      [
        ['vip', 1],
        ['shirt-s', 1],
        ['meal', 4],
      ],
    ],
    [
      'required add-ons present',
      [
        ['vip', 2],
        ['shirt-m', 2],
        ['meal', 2],
      ],
    ],
  ])('accepts %s', (_, cart) => {
    expect(check(cart)).toBeNull();
  });

  it.each<[string, Cart, { index: number; message: string }]>([
    [
      'more than the most per ticket',
      [
        ['ga', 1],
        ['shirt-s', 2],
        ['shirt-m', 1],
      ],
      { index: 1, message: 'You can add at most 2 × T-shirt for your tickets' },
    ],
    [
      'an add-on without its ticket',
      [['shirt-m', 1]],
      { index: 0, message: 'T-shirt is sold only with a ticket' },
    ],
    [
      'an add-on with a ticket type it is not offered with',
      [
        ['parking', 1],
        ['shirt-s', 1],
      ],
      { index: 1, message: 'T-shirt is sold only with a ticket' },
    ],
    [
      'a required add-on missing: said at the ticket',
      [
        ['vip', 2],
        ['shirt-s', 2],
      ],
      { index: 0, message: 'Please choose at least 2 × Meal for your tickets' },
    ],
    [
      'too few of a required add-on: said at the product',
      [
        ['vip', 2],
        ['shirt-s', 1],
        ['meal', 2],
      ],
      { index: 1, message: 'Please choose at least 2 × T-shirt for your tickets' },
    ],
    [
      'the first broken rule in cart order',
      [
        ['ga', 1],
        ['vip', 1],
        ['meal', 1],
        ['shirt-m', 9],
      ],
      { index: 3, message: 'You can add at most 5 × T-shirt for your tickets' },
    ],
  ])('refuses %s', (_, cart, problem) => {
    expect(check(cart)).toEqual(problem);
  });
});
