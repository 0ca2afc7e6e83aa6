import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let ownerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer' });
  ownerCookie = await t.signIn(owner);
});
afterAll(() => t.close());

/** A paid order of one ticket at 100.00 on an event, taxed as `tax` says; its buyer's mail. */
async function paidOrder(tax: { percent: string; pricesIncludeTax: boolean } | null) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Mail Summit ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, priceCents: 10000 });
  if (tax) {
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers: { cookie: ownerCookie },
      payload: { name: 'MwSt', percent: tax.percent, country: 'DE' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/tax-settings`,
      headers: { cookie: ownerCookie },
      payload: {
        pricesIncludeTax: tax.pricesIncludeTax,
        assignments: [{ ticketTypeId: type.id, taxRateId: rate.json<{ id: string }>().id }],
      },
    });
  }
  const buyer = await createUser(t.db, { userType: 'attendee' });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: await t.signIn(buyer) },
    payload: { items: [{ ticketTypeId: type.id, quantity: 1 }] },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payThroughLocalWebhook(t, placed.json<Order>());
  expect(paid.statusCode, paid.body).toBe(200);
  const [mail] = await waitForCapturedMail(t.db, buyer.email);
  return mail?.text ?? '';
}

describe('the tickets mail', () => {
  it('lists net, the tax per rate and the gross of a taxed order', async () => {
    const text = await paidOrder({ percent: '19', pricesIncludeTax: false });
    expect(text).toContain('Net: $100.00');
    expect(text).toContain('MwSt (19 %): $19.00');
    expect(text).toContain('Total: $119.00');
  });

  it('says nothing of tax for an untaxed order', async () => {
    const text = await paidOrder(null);
    expect(text).not.toContain('Net:');
    expect(text).not.toContain('Total:');
  });
});
