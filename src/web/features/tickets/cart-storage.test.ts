import { beforeEach, describe, expect, it } from 'vitest';
import {
  addLines,
  CART_KEY,
  cartCount,
  cartItems,
  checkoutKeyFor,
  emptyCart,
  forgetCheckoutKey,
  readCart,
  setLineQuantity,
  writeCart,
} from './cart-storage';

const A = { eventId: 'e1', ticketTypeId: 't1', quantity: 2 };
const B = { eventId: 'e2', ticketTypeId: 't2', quantity: 1 };

describe('cart storage', () => {
  beforeEach(() => localStorage.clear());

  it('starts empty and keeps lines of several events', () => {
    expect(readCart()).toEqual(emptyCart());
    writeCart(addLines(emptyCart(), [A, B]));
    expect(readCart().lines).toEqual([A, B]);
    expect(cartCount(readCart())).toBe(3);
    expect(cartItems(readCart())).toEqual([
      { ticketTypeId: 't1', quantity: 2 },
      { ticketTypeId: 't2', quantity: 1 },
    ]);
  });

  it('adds to a line already in the cart instead of repeating it, up to 50', () => {
    const cart = addLines(addLines(emptyCart(), [A]), [{ ...A, quantity: 3 }]);
    expect(cart.lines).toEqual([{ ...A, quantity: 5 }]);
    expect(addLines(cart, [{ ...A, quantity: 100 }]).lines[0]?.quantity).toBe(50);
    expect(addLines(cart, [{ ...B, quantity: 0 }]).lines).toHaveLength(1);
  });

  it('changes and removes lines; an empty cart leaves nothing stored', () => {
    let cart = addLines(emptyCart(), [A, B], 'VIP');
    cart = setLineQuantity(cart, 't1', 4);
    expect(cart.lines[0]?.quantity).toBe(4);
    cart = setLineQuantity(cart, 't2', 0);
    expect(cart.lines).toEqual([{ ...A, quantity: 4 }]);
    expect(cart.unlockCode).toBe('VIP');
    cart = setLineQuantity(cart, 't1', 0);
    expect(cart).toEqual(emptyCart());
    writeCart(cart);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('keeps the unlock code that revealed hidden types', () => {
    writeCart(addLines(emptyCart(), [A], ' SECRET '));
    expect(readCart().unlockCode).toBe('SECRET');
    expect(addLines(readCart(), [B]).unlockCode).toBe('SECRET');
  });

  it('treats unreadable or foreign data as an empty cart and drops bad lines', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toEqual(emptyCart());
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ lines: [A, { eventId: 'x' }, { ...B, quantity: -1 }, 'x'] }),
    );
    expect(readCart().lines).toEqual([A]);
  });

  it('reuses the Idempotency-Key for the same checkout and makes a new one when it changes', () => {
    let n = 0;
    const next = () => `key-${++n}`;
    const body = { items: [{ ticketTypeId: 't1', quantity: 2 }], discountCode: null };
    expect(checkoutKeyFor(body, localStorage, next)).toBe('key-1');
    expect(checkoutKeyFor(body, localStorage, next)).toBe('key-1');
    expect(checkoutKeyFor({ ...body, discountCode: 'SAVE' }, localStorage, next)).toBe('key-2');
    forgetCheckoutKey();
    expect(checkoutKeyFor({ ...body, discountCode: 'SAVE' }, localStorage, next)).toBe('key-3');
  });
});
