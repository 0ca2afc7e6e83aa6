import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SeatingPlan, SeatPlanInput } from '../../../contracts/seating';
import { createEvent, createTicketType, type CreatedUser } from '../../test/factories';
import type { requestAs } from '../../test/request-as';
import type { TestApp } from '../../test/test-app';

/** Two rows of 6 in "Stalls" (standard) and a 4-seat VIP table; seat A-Row A-1 is blocked. */
export const smallPlan: SeatPlanInput = {
  categories: [
    { id: 'std', name: 'Standard', color: '#1f6feb' },
    { id: 'vip', name: 'VIP', color: '#d4a017' },
  ],
  sections: [
    { id: 'S', name: 'Stage', kind: 'stage', x: 0, y: 0, width: 300, height: 40 },
    {
      id: 'A',
      name: 'Stalls',
      kind: 'grid',
      x: 0,
      y: 60,
      rows: 2,
      seatsPerRow: 6,
      categoryId: 'std',
    },
    { id: 'T1', name: 'Table 1', kind: 'table', x: 200, y: 60, seats: 4, categoryId: 'vip' },
  ],
  seatFlags: { 'A-Row A-1': ['blocked'], 'A-Row B-1': ['wheelchair'] },
};

type Call = ReturnType<typeof requestAs<'owner'>>;

/** The plan drawn by the `owner` the call signs in as. */
export async function newPlan(call: Call) {
  const response = await call('owner', 'POST', '/api/seating/plans', {
    name: 'Harbour Hall',
    plan: smallPlan,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SeatingPlan>();
}

/** A paid event of `owner` sold on the small plan: Standard at 25.00, VIP at 90.00. */
export async function seatedEvent(t: TestApp, call: Call, owner: CreatedUser) {
  const plan = await newPlan(call);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Quartet ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const std = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Standard',
    quantity: 11,
    priceCents: 2500,
  });
  const vip = await createTicketType(t.db, {
    eventId: event.id,
    name: 'VIP',
    quantity: 4,
    priceCents: 9000,
  });
  const body = { planId: plan.id, version: 1, ticketTypes: { std: std.id, vip: vip.id } };
  const linked = await call('owner', 'PUT', `/api/events/${event.id}/seating`, body);
  expect(linked.statusCode, linked.body).toBe(200);
  return { plan, event, std, vip };
}
