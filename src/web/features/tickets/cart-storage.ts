import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY } from '../../../contracts/order-limits';

// The cart lives in the browser (several events allowed) until checkout turns it into an order.

export interface CartLine {
  eventId: string;
  ticketTypeId: string;
  quantity: number;
}

export interface Cart {
  lines: CartLine[];
  /** The unlock code that revealed hidden ticket types in this cart, sent with the order. */
  unlockCode: string | null;
}

export const CART_KEY = 'mea.cart';
const CHECKOUT_KEY = 'mea.checkout-key';
/** Same-tab listeners (the `storage` event only reaches other tabs). */
const CHANGE_EVENT = 'mea:cart-change';

export const emptyCart = (): Cart => ({ lines: [], unlockCode: null });

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.eventId === 'string' &&
    typeof line.ticketTypeId === 'string' &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0
  );
}

/** The stored cart; anything unreadable (old format, hand-edited) counts as empty. */
export function readCart(store: Store | null = defaultStore()): Cart {
  const raw = store?.getItem(CART_KEY);
  if (!raw) return emptyCart();
  try {
    const parsed = JSON.parse(raw) as { lines?: unknown; unlockCode?: unknown };
    const lines = Array.isArray(parsed.lines) ? parsed.lines.filter(isLine) : [];
    return {
      lines: lines.map((l) => ({ ...l, quantity: Math.min(l.quantity, ORDER_MAX_QUANTITY) })),
      unlockCode: typeof parsed.unlockCode === 'string' ? parsed.unlockCode : null,
    };
  } catch {
    return emptyCart();
  }
}

export function writeCart(cart: Cart, store: Store | null = defaultStore()): void {
  if (!store) return;
  if (cart.lines.length === 0) store.removeItem(CART_KEY);
  else store.setItem(CART_KEY, JSON.stringify(cart));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Adds lines, summing quantities of a ticket type already in the cart (at most 50 each). */
export function addLines(cart: Cart, added: readonly CartLine[], unlockCode?: string | null): Cart {
  const lines = cart.lines.map((l) => ({ ...l }));
  for (const line of added) {
    if (line.quantity <= 0) continue;
    const existing = lines.find((l) => l.ticketTypeId === line.ticketTypeId);
    if (existing) {
      existing.quantity = Math.min(existing.quantity + line.quantity, ORDER_MAX_QUANTITY);
    } else if (lines.length < ORDER_MAX_LINES) {
      lines.push({ ...line, quantity: Math.min(line.quantity, ORDER_MAX_QUANTITY) });
    }
  }
  return { lines, unlockCode: unlockCode?.trim() || cart.unlockCode };
}

/** Sets one line's quantity; 0 or less removes it. */
export function setLineQuantity(cart: Cart, ticketTypeId: string, quantity: number): Cart {
  const lines =
    quantity <= 0
      ? cart.lines.filter((l) => l.ticketTypeId !== ticketTypeId)
      : cart.lines.map((l) =>
          l.ticketTypeId === ticketTypeId
            ? { ...l, quantity: Math.min(Math.floor(quantity), ORDER_MAX_QUANTITY) }
            : l,
        );
  return { lines, unlockCode: lines.length ? cart.unlockCode : null };
}

export function cartCount(cart: Cart): number {
  return cart.lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The order body's items. */
export function cartItems(cart: Cart) {
  return cart.lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity }));
}

/** Subscribes to cart changes from this tab and others. */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CART_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The Idempotency-Key for a checkout: the same order body gets the same key (a retry after a
 * lost answer or a second click returns the same order), a changed body gets a new one.
 */
export function checkoutKeyFor(
  body: unknown,
  store: Store | null = defaultStore(),
  newKey: () => string = () => crypto.randomUUID(),
): string {
  const signature = JSON.stringify(body);
  try {
    const saved = JSON.parse(store?.getItem(CHECKOUT_KEY) ?? 'null') as {
      signature?: string;
      key?: string;
    } | null;
    if (saved?.signature === signature && saved.key) return saved.key;
  } catch {
    // unreadable: make a new one
  }
  const key = newKey();
  store?.setItem(CHECKOUT_KEY, JSON.stringify({ signature, key }));
  return key;
}

/** Forgets the key, so the next checkout of the same body makes a new order. */
export function forgetCheckoutKey(store: Store | null = defaultStore()): void {
  store?.removeItem(CHECKOUT_KEY);
}
