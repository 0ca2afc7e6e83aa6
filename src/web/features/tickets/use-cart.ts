import { useSyncExternalStore } from 'react';
import {
  CART_KEY,
  emptyCart,
  readCart,
  subscribeToCart,
  writeCart,
  type Cart,
} from './cart-storage';

let cachedRaw: string | null | undefined;
let cachedCart: Cart = emptyCart();

// useSyncExternalStore needs the same object while nothing changed.
function getSnapshot(): Cart {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CART_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = readCart();
  }
  return cachedCart;
}

/** The stored cart, kept in step with changes from this tab and others. */
export function useCart(): [Cart, (next: Cart) => void] {
  const cart = useSyncExternalStore(subscribeToCart, getSnapshot, emptyCart);
  return [cart, (next: Cart) => writeCart(next)];
}

/** Drops the ticket types of a completed order from the cart. */
export function removeOrderedFromCart(ticketTypeIds: readonly string[]): void {
  const cart = readCart();
  const lines = cart.lines.filter((l) => !ticketTypeIds.includes(l.ticketTypeId));
  if (lines.length !== cart.lines.length) {
    writeCart({ lines, unlockCode: lines.length ? cart.unlockCode : null });
  }
}
