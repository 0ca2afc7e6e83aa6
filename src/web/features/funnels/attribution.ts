/**
 * After a checkout creates an order: the server decides from its signed funnel cookie (set when
 * a funnel's "Buy tickets" was followed) whether the order came through a funnel, and counts it
 * on the funnel's report once paid (decision 024). The cookie is HttpOnly, so the page cannot
 * tell; it asks on every order. Never blocks the checkout: failures are ignored.
 */
export async function reportFunnelSale(orderId: string): Promise<void> {
  try {
    await fetch('/api/marketing/funnel-sales', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
  } catch {
    // The sale stands without its funnel; nothing to tell the buyer.
  }
}
