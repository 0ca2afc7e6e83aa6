import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityPools, capacityPoolTicketTypes } from '../../db/schema/capacity-pools';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A capacity pool smaller than its types (decision 052): the ticket widget, the event page's
// schema.org offers and a funnel's event card show what a buyer could take, as the buyer's
// ticket list does, not each type's own stock.

let t: TestApp;
let webDir: string;
const BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>MEA Events</title></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-pool-pages-'));
  await fs.writeFile(path.join(webDir, 'index.html'), BUILT_PAGE);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

/** Past the page caches (the widget's two seconds, the head's five). */
const later = () => t.clock.advance(6_000);

async function eventWithSmallPool() {
  const owner = await createUser(t.db, { userType: 'organizer' });
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Hall Night',
    isFree: false,
    startsAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
  });
  const standard = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Standard',
    priceCents: 2500,
    quantity: 40,
  });
  const late = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Late',
    priceCents: 1500,
    quantity: 10,
  });
  const balcony = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Balcony',
    priceCents: 3000,
    quantity: 7,
  });
  // Standard and Late share the hall, which has 3 places left.
  const [pool] = await t.db
    .insert(capacityPools)
    .values({ eventId: event.id, name: 'Hall', capacity: 5, remaining: 3 })
    .returning();
  if (!pool) throw new Error('no pool');
  await t.db.insert(capacityPoolTicketTypes).values([
    { poolId: pool.id, ticketTypeId: standard.id },
    { poolId: pool.id, ticketTypeId: late.id },
  ]);
  return { owner, event, pool, standard, late, balcony };
}

describe('stock shown outside the ticket list with a capacity pool', () => {
  it('the widget gives each type no more than its pool has left', async () => {
    const { event, pool } = await eventWithSmallPool();
    const url = `/api/developer/widget/events/${event.id}/availability`;
    const left = async () =>
      Object.fromEntries(
        (await t.app.inject({ url }))
          .json<{
            ticketTypes: { name: string; remaining: number; label: string; status: string }[];
          }>()
          .ticketTypes.map((x) => [x.name, [x.remaining, x.label, x.status]]),
      );
    expect(await left()).toEqual({
      Standard: [3, '3 left', 'on_sale'],
      Late: [3, '3 left', 'on_sale'],
      Balcony: [7, '7 left', 'on_sale'],
    });
    await t.db.update(capacityPools).set({ remaining: 0 }).where(eq(capacityPools.id, pool.id));
    later();
    expect(await left()).toEqual({
      Standard: [0, 'Sold out', 'sold_out'],
      Late: [0, 'Sold out', 'sold_out'],
      Balcony: [7, '7 left', 'on_sale'],
    });
  });

  it("the event page's offers are sold out when their pool is", async () => {
    const { event, pool } = await eventWithSmallPool();
    await t.db.update(capacityPools).set({ remaining: 0 }).where(eq(capacityPools.id, pool.id));
    const html = (
      await t.app.inject({ url: `/event/${event.id}`, headers: { accept: 'text/html' } })
    ).body;
    const data = [
      ...html.matchAll(/<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/g),
    ]
      .map((m) => JSON.parse(m[1] ?? 'null') as { '@type'?: string; offers?: unknown })
      .find((d) => d['@type'] === 'Event');
    const offers = (data?.offers ?? []) as { name: string; availability: string }[];
    expect(Object.fromEntries(offers.map((o) => [o.name, o.availability]))).toEqual({
      Standard: 'https://schema.org/SoldOut',
      Late: 'https://schema.org/SoldOut',
      Balcony: 'https://schema.org/InStock',
    });
  });

  it("a funnel's event card counts the types sharing a pool together, up to the pool", async () => {
    const { owner, event } = await eventWithSmallPool();
    const cookie = await t.sessionCookie(owner);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/marketing/funnels',
      headers: { cookie },
      payload: { name: 'Hall', slug: 'hall-night', template: 'event_launch', eventId: event.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/marketing/funnels/${created.json().id}/publish`,
      headers: { cookie },
    });
    expect(published.statusCode).toBe(200);
    later();
    const api = await t.app.inject({ url: '/api/marketing/public/funnels/hall-night' });
    // Balcony's 7 and the hall's 3 (not Standard's 40 and Late's 10).
    expect(api.json().events).toMatchObject([{ id: event.id, remaining: 10 }]);
    const card = (
      await t.app.inject({ url: '/f/hall-night?step=1', headers: { accept: 'text/html' } })
    ).body;
    expect(card).toContain('10 tickets left');
  });
});
