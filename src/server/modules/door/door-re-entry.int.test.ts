import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DoorList, DoorSyncResult } from '../../../contracts/door';
import { tickets } from '../../db/schema/tickets';
import { useDoorApp } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import type { BoxOfficeSale } from '../../../contracts/box-office';

const door = useDoorApp();
const { call } = door;

/** An event with one guest sold at the door (a ticket to scan by id). */
async function eventWithGuest() {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    isFree: false,
    capacity: null,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, { eventId: event.id, quantity: 10 });
  const sale = (
    await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales`,
      { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'cash' },
      { 'idempotency-key': randomUUID() },
    )
  ).json<BoxOfficeSale>();
  return { eventId: event.id, ticketId: sale.tickets[0]?.id ?? '' };
}

const minute = (m: number) => new Date(Date.UTC(2026, 11, 4, 20, m)).toISOString();
const sync = async (
  eventId: string,
  deviceId: string,
  scans: { ticketId: string; scannedAt: string; kind?: 'in' | 'out' }[],
) => {
  const response = await call('owner', 'POST', `/api/door/events/${eventId}/sync`, {
    deviceId,
    scans,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DoorSyncResult>();
};
const statusOf = async (ticketId: string) =>
  (
    await door.t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId))
  )[0]?.status;

describe('check-out and re-entry', () => {
  it('is the organizer’s setting: others may not read or change it', async () => {
    const { eventId } = await eventWithGuest();
    const url = `/api/door/events/${eventId}/settings`;
    expect((await call('owner', 'GET', url)).json()).toEqual({ allowReEntry: false });
    const statuses = [];
    for (const who of ['owner', 'admin', 'other', 'signedOut'] as const)
      statuses.push((await call(who, 'PUT', url, { allowReEntry: true })).statusCode);
    expect(statuses).toEqual([200, 200, 403, 401]);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
    const bad = await call('owner', 'PUT', url, { allowReEntry: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('allowReEntry');
    const list = (await call('owner', 'GET', `/api/door/events/${eventId}/list`)).json<DoorList>();
    expect(list.reEntry).toBe(true);
  });

  it('without re-entry a check-out is refused and the second admission stays "already in"', async () => {
    const { eventId, ticketId } = await eventWithGuest();
    const device = randomUUID();
    const answer = await sync(eventId, device, [
      { ticketId, scannedAt: minute(1) },
      { ticketId, scannedAt: minute(2), kind: 'out' },
      { ticketId, scannedAt: minute(3) },
    ]);
    expect(answer.reEntry).toBe(false);
    expect(answer.results.map((r) => r.result)).toEqual(['admitted', 'not_allowed', 'duplicate']);
    expect(await statusOf(ticketId)).toBe('checked_in');
  });

  it('with re-entry, offline scans of two devices merge in order: out once, in again', async () => {
    const { eventId, ticketId } = await eventWithGuest();
    await call('owner', 'PUT', `/api/door/events/${eventId}/settings`, {
      allowReEntry: true,
    });
    const [a, b] = [randomUUID(), randomUUID()];
    await sync(eventId, a, [{ ticketId, scannedAt: minute(1) }]);
    // Both devices saw the guest leave; device B then let them back in.
    const fromA = await sync(eventId, a, [{ ticketId, scannedAt: minute(10), kind: 'out' }]);
    expect(fromA.results.map((r) => r.result)).toEqual(['checked_out']);
    expect(await statusOf(ticketId)).toBe('valid');
    const fromB = await sync(eventId, b, [
      { ticketId, scannedAt: minute(11), kind: 'out' },
      { ticketId, scannedAt: minute(20) },
    ]);
    expect(fromB.results.map((r) => r.result)).toEqual(['not_in', 'admitted']);
    expect(await statusOf(ticketId)).toBe('checked_in');
    expect(fromB.counters.checkedIn).toBe(1);
    // Sent again, the batch changes nothing.
    const again = await sync(eventId, b, [
      { ticketId, scannedAt: minute(11), kind: 'out' },
      { ticketId, scannedAt: minute(20) },
    ]);
    expect(again.results.map((r) => r.result)).toEqual(['not_in', 'admitted']);
    expect(await statusOf(ticketId)).toBe('checked_in');
  });
});
