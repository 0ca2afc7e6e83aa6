import { describe, expect, it } from 'vitest';
import { LIVE_SHARING_AFTER_MS, LIVE_SHARING_BEFORE_MS } from '../../../contracts/rides';
import type { Role } from '../../../contracts/enums';
import {
  liveAccess,
  managesRide,
  ownerScope,
  ratingRefusal,
  rideDetailAccess,
  seesExactPoint,
  sharingRefusal,
  stillToRate,
  tripSharingWindow,
  within,
} from './rides.policy';

const person = (id: string, roles: Role[] = []) => ({ id, roles });
const driver = person('driver');
const rider = person('rider');
const stranger = person('stranger');
const admin = person('root', ['admin']);
const moderator = person('mod', ['moderator']);
const ride = { driverId: 'driver' };

describe('rides policy: who manages a ride and whose queries are scoped', () => {
  it.each([
    ['the driver', driver, true, 'driver'],
    ['a rider', rider, false, 'rider'],
    ['another user', stranger, false, 'stranger'],
    ['a moderator', moderator, false, 'mod'],
    ['an admin', admin, true, null],
  ] as const)('%s: manages = %s, scope = %s', (_who, actor, manages, scope) => {
    expect(managesRide(actor, ride)).toBe(manages);
    expect(ownerScope(actor)).toBe(scope);
  });

  it('signed out manages nothing', () => {
    expect(managesRide(null, ride)).toBe(false);
  });
});

describe('the exact departure point (decision 026)', () => {
  it.each([
    ['the driver', driver, false, true],
    ['a confirmed rider', rider, true, true],
    ['a rider not confirmed', rider, false, false],
    ['another user', stranger, false, false],
    ['a moderator', moderator, false, false],
    ['an admin', admin, false, true],
    ['signed out', null, false, false],
  ] as const)('%s: %s', (_who, actor, confirmed, expected) => {
    expect(seesExactPoint(actor, ride, confirmed)).toBe(expected);
  });
});

describe("what a person sees on a ride's page", () => {
  it.each([
    [
      'the driver',
      driver,
      null,
      {
        role: 'driver',
        exact: true,
        bookings: 'all',
        driverContact: false,
        chat: true,
        ratesAfterEvent: true,
      },
    ],
    [
      'a confirmed rider',
      rider,
      'confirmed',
      {
        role: 'rider',
        exact: true,
        bookings: 'confirmed',
        driverContact: true,
        chat: true,
        ratesAfterEvent: true,
      },
    ],
    [
      'a rider waiting for the driver',
      rider,
      'pending',
      {
        role: 'pending',
        exact: false,
        bookings: null,
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
    [
      'a rider who still has to pay',
      rider,
      'awaiting_payment',
      {
        role: 'pending',
        exact: false,
        bookings: null,
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
    [
      'a rider who cancelled',
      rider,
      'cancelled',
      {
        role: 'none',
        exact: false,
        bookings: null,
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
    [
      'another user',
      stranger,
      null,
      {
        role: 'none',
        exact: false,
        bookings: null,
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
    [
      'an admin',
      admin,
      null,
      {
        role: 'none',
        exact: true,
        bookings: 'all',
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
    [
      'signed out',
      null,
      null,
      {
        role: 'none',
        exact: false,
        bookings: null,
        driverContact: false,
        chat: false,
        ratesAfterEvent: false,
      },
    ],
  ] as const)('%s', (_who, actor, booking, expected) => {
    expect(rideDetailAccess(actor, ride, booking)).toEqual(expected);
  });
});

describe('the live position', () => {
  it.each([
    ['the driver', driver, null],
    ['an admin', admin, null],
    ['a confirmed rider', rider, 'forbidden'],
    ['another user', stranger, 'not_found'],
  ] as const)('sharing it, %s: %s', (_who, actor, expected) => {
    expect(sharingRefusal(actor, ride, ['rider'])).toBe(expected);
  });

  it.each([
    ['the driver', driver, null, 'driver'],
    ['an admin', admin, null, 'driver'],
    ['a confirmed rider', rider, 'confirmed', 'rider'],
    ['a rider still to pay', rider, 'awaiting_payment', null],
    ['a pending rider', rider, 'pending', null],
    ['another user', stranger, null, null],
  ] as const)('following it, %s: %s', (_who, actor, booking, expected) => {
    expect(liveAccess(actor, ride, booking)).toBe(expected);
  });

  it('is shared only around the trip, the return included', () => {
    const departsAt = new Date('2026-06-01T10:00:00Z');
    const returnDepartsAt = new Date('2026-06-01T20:00:00Z');
    const oneWay = tripSharingWindow({ departsAt, returnDepartsAt: null });
    const at = (ms: number) => new Date(ms);
    expect(within(oneWay, at(departsAt.getTime() - LIVE_SHARING_BEFORE_MS))).toBe(true);
    expect(within(oneWay, at(departsAt.getTime() - LIVE_SHARING_BEFORE_MS - 1))).toBe(false);
    expect(within(oneWay, at(departsAt.getTime() + LIVE_SHARING_AFTER_MS))).toBe(true);
    expect(within(oneWay, at(departsAt.getTime() + LIVE_SHARING_AFTER_MS + 1))).toBe(false);
    const both = tripSharingWindow({ departsAt, returnDepartsAt });
    expect(within(both, at(returnDepartsAt.getTime() + LIVE_SHARING_AFTER_MS))).toBe(true);
  });
});

describe('rating the people of a ride', () => {
  const facts = { ride, confirmedRiderIds: ['rider', 'rider2'], eventOver: true };
  it.each([
    ['a rider rates the driver', 'rider', 'driver', true, null],
    ['the driver rates a rider', 'driver', 'rider', true, null],
    ['riders rate each other', 'rider', 'rider2', true, null],
    ['before the event is over', 'rider', 'driver', false, 'too_early'],
    ['oneself', 'rider', 'rider', true, 'self'],
    ['someone not on the ride', 'rider', 'stranger', true, 'not_together'],
    ['by someone not on the ride', 'stranger', 'driver', true, 'not_together'],
    ['by an admin not on the ride', 'root', 'driver', true, 'not_together'],
  ] as const)('%s: %s', (_case, raterId, rateeId, eventOver, expected) => {
    expect(ratingRefusal({ ...facts, eventOver, raterId, rateeId })).toBe(expected);
  });

  it('lists the others not yet rated', () => {
    const people = [{ id: 'driver' }, { id: 'rider' }, { id: 'rider2' }];
    expect(stillToRate('rider', people, new Set(['driver']))).toEqual([{ id: 'rider2' }]);
    expect(stillToRate('driver', people, new Set())).toEqual([{ id: 'rider' }, { id: 'rider2' }]);
  });
});
