import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRides, Ride } from '../../../contracts/rides';
import { cellOf, onUnitSphere, rides } from '../../db/schema/rides';
import { must } from '../../platform/must';
import type { TestApp } from '../../test/test-app';
import { ridesOfEvent } from './rides.queries';
import { BERKELEY, haversineKm, OAKLAND, SACRAMENTO, useRidesApp } from './rides.test-kit';

// Rides by distance on a busy event: the nearest-first walk (cells nearest first, each cell's
// offers by departure) gives the same page as a full sort, across cells, ties and filters.

const { app, people, call, newEvent, hoursFromNow, offer } = useRidesApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

type Point = { lat: number; lng: number };
type Filters = { minSeats?: number; price: 'any' | 'free' | 'paid'; returnTrip?: boolean };

const sphere = (p: Point) => {
  const [lat, lng] = [(p.lat * Math.PI) / 180, (p.lng * Math.PI) / 180];
  const xyz = [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  return sql`cube(array[${xyz[0]}, ${xyz[1]}, ${xyz[2]}]::float8[])`;
};

/**
 * The page as the list ordered it before the cell walk (decision 083's statement, sorted whole
 * here): the offers with a point by their cell's chord distance, then departure, then id.
 */
async function fullSortIds(eventId: string, at: Point, limit: number, filters: Filters) {
  const { rows } = await t.db.execute<{ id: string }>(sql`
    select ${rides.id} as id from ${rides}
    where ${rides.eventId} = ${eventId} and ${rides.status} = 'active'
      and ${rides.departsAt} > ${t.clock.now()} and ${rides.departureLat} is not null
      and (${filters.minSeats ?? null}::int is null or ${rides.seatsLeft} >= ${filters.minSeats ?? null}::int)
      and (${filters.price} = 'any' or (${filters.price} = 'free') = (${rides.priceCents} = 0))
      and (${filters.returnTrip ?? null}::boolean is null
        or ${filters.returnTrip ?? null}::boolean = (${rides.returnDepartsAt} is not null))
    order by ${onUnitSphere(cellOf(rides.departureLat), cellOf(rides.departureLng))} <-> ${sphere(at)},
      ${rides.departsAt}, ${rides.id}
    limit ${limit}`);
  return rows.map((r) => r.id);
}

const walkIds = async (eventId: string, at: Point, limit: number, filters: Filters) =>
  (
    await ridesOfEvent(t.db, {
      eventId,
      now: t.clock.now(),
      point: at,
      sort: 'distance',
      limit,
      ...filters,
    })
  ).map((r) => r.ride.id);

/** Offers far from everything asked here, for the page to go on into past the near ones. */
async function farFiller(eventId: string, driverId: string, count = 60) {
  await t.db.execute(sql`
    insert into rides (event_id, driver_id, departure_area, departure_lat, departure_lng,
      departs_at, seats, seats_left)
    select ${eventId}::uuid, ${driverId}::uuid, 'Far ' || i, -60 + (i % 40) * 0.1, 100,
      ${hoursFromNow(24 * 6)}::timestamptz + (i || ' minutes')::interval, 2, 2
    from generate_series(1, ${count}::int) as i`);
}

describe('rides by distance on a busy event', () => {
  it('finds the same nearest rides through the nearest-first walk as a full sort would', async () => {
    const event = await newEvent();
    const driverId = must(people.other, 'other').id;
    // 2,500 offers scattered up to ~150 km around Oakland, one in ten without a point.
    await t.db.execute(sql`
      insert into rides (event_id, driver_id, departure_area, departure_lat, departure_lng,
        departs_at, seats, seats_left)
      select ${event.id}::uuid, ${driverId}::uuid, 'Area ' || i,
        case when i % 10 = 0 then null else ${OAKLAND.lat} + d * cos(a) end,
        case when i % 10 = 0 then null else ${OAKLAND.lng} + d * sin(a) * 1.27 end,
        ${hoursFromNow(24 * 6)}::timestamptz, 2, 2
      from generate_series(1, 2500) as i,
        lateral (select 1.35 * power((hashint4(i)::int8 + 2147483648) / 4294967296.0, 2) as d,
          2 * pi() * (hashint4(i * 7 + 3)::int8 + 2147483648) / 4294967296.0 as a) as p`);
    const all = await t.db
      .select({ id: rides.id, lat: rides.departureLat, lng: rides.departureLng })
      .from(rides)
      .where(eq(rides.eventId, event.id));
    // The list measures to each ride's 0.01° grid cell (its approximate area), ties by id.
    const cell = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * 100)) / 100;
    for (const at of [BERKELEY, SACRAMENTO, { lat: 34.05, lng: -118.24 }]) {
      const expected = all
        .filter((r) => r.lat !== null && r.lng !== null)
        .map((r) => ({
          id: r.id,
          km: haversineKm({ lat: cell(r.lat ?? 0), lng: cell(r.lng ?? 0) }, at),
        }))
        .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1))
        .slice(0, 200);
      const distances = new Map(expected.map((r) => [r.id, Math.round(r.km * 10) / 10]));
      const listed = await call(
        null,
        'GET',
        `/api/events/${event.id}/rides?sort=distance&lat=${at.lat}&lng=${at.lng}`,
      );
      expect(listed.statusCode).toBe(200);
      const got = listed.json<EventRides>().rides;
      expect(
        got.slice(0, 3).map((r) => r.distanceKm),
        `${at.lat},${at.lng}`,
      ).toEqual(expected.slice(0, 3).map((r) => distances.get(r.id)));
      expect(
        got.map((r) => r.id),
        `${at.lat},${at.lng}`,
      ).toEqual(expected.map((r) => r.id));
    }
  });

  it('gives the full sort’s page for the bench’s points, departures inside a cell and every filter', async () => {
    const event = await newEvent();
    const driverId = must(people.other, 'other').id;
    // The rides bench's catalogue at 3,000 offers: departures over a day (so a cell's offers
    // are ordered by departure, not by id), seats, prices and return trips varied.
    await t.db.execute(sql`
      insert into rides (event_id, driver_id, departure_area, departure_lat, departure_lng,
        departs_at, return_departs_at, seats, seats_left, price_cents)
      select ${event.id}::uuid, ${driverId}::uuid, 'Area ' || i,
        case when i % 10 = 0 then null else ${OAKLAND.lat} + d * cos(a) end,
        case when i % 10 = 0 then null else ${OAKLAND.lng} + d * sin(a) * 1.27 end,
        ${hoursFromNow(24 * 6)}::timestamptz + (i % 1440 || ' minutes')::interval,
        case when i % 7 = 0 then ${hoursFromNow(24 * 7)}::timestamptz end,
        1 + i % 4, 1 + i % 4, (i % 3) * 500
      from generate_series(1, 3000) as i,
        lateral (select 1.35 * power((hashint4(i)::int8 + 2147483648) / 4294967296.0, 2) as d,
          2 * pi() * (hashint4(i * 7 + 3)::int8 + 2147483648) / 4294967296.0 as a) as p`);
    // The venue's cells hold dozens of offers each: a page of 37 ends inside them.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${rides} where ${rides.eventId} = ${event.id}
        and ${cellOf(rides.departureLat)} = 37.81 and ${cellOf(rides.departureLng)} = -122.27`);
    expect(rows[0]?.n).toBeGreaterThan(37);
    const points = [
      { lat: 37.81, lng: -122.27 },
      { lat: 37.98, lng: -122.2 },
      { lat: 38.58, lng: -121.49 },
      { lat: 34.05, lng: -118.24 },
      OAKLAND,
    ];
    const filterSets: Filters[] = [
      { price: 'any' },
      { price: 'paid', minSeats: 3 },
      { price: 'free', returnTrip: false },
      { price: 'any', returnTrip: true },
    ];
    for (const at of points)
      for (const filters of filterSets)
        for (const limit of [200, 37]) {
          const label = `${at.lat},${at.lng} ${JSON.stringify(filters)} limit ${limit}`;
          const expected = await fullSortIds(event.id, at, limit, filters);
          expect(expected.length, label).toBe(limit);
          expect(await walkIds(event.id, at, limit, filters), label).toEqual(expected);
        }
  });

  it('pages across cell boundaries, merging cells at exactly the same distance by departure', async () => {
    const event = await newEvent();
    const driverId = must(people.driver, 'driver').id;
    await farFiller(event.id, driverId);
    const at = { lat: 10, lng: 0 };
    // Cells (10, 0.01) and (10, -0.01) are mirror images across the asked meridian: the same
    // distance to the last bit. Offers inside each cell sit off its centre.
    const cells = {
      own: { lat: 10.001, lng: -0.002 },
      east: { lat: 9.998, lng: 0.0099 },
      west: { lat: 10.002, lng: -0.0101 },
      north: { lat: 10.0199, lng: 0.001 },
    };
    const at6 = (hours: number) => new Date(Date.parse(hoursFromNow(24 * 5)) + hours * 3600_000);
    // Departures interleave across the cells; two share an hour, so their ids decide.
    const plan: [keyof typeof cells, number][] = [
      ['own', 5],
      ['own', 1],
      ['own', 3],
      ['east', 2],
      ['east', 4],
      ['east', 6],
      ['west', 1],
      ['west', 4],
      ['west', 5],
      ['north', 0],
      ['north', 7],
    ];
    const made = await t.db
      .insert(rides)
      .values(
        plan.map(([name, hours]) => ({
          eventId: event.id,
          driverId,
          departureArea: name,
          departureLat: cells[name].lat,
          departureLng: cells[name].lng,
          departsAt: at6(hours),
          seats: 2,
          seatsLeft: 2,
        })),
      )
      .returning({ id: rides.id, area: rides.departureArea, departsAt: rides.departsAt });
    const { rows: tie } = await t.db.execute<{ same: boolean }>(sql`
      select (${onUnitSphere(sql`10::float8`, sql`0.01::float8`)} <-> ${sphere(at)})
        = (${onUnitSphere(sql`10::float8`, sql`-0.01::float8`)} <-> ${sphere(at)}) as same`);
    expect(tie[0]?.same).toBe(true);
    const byDeparture = (a: (typeof made)[number], b: (typeof made)[number]) =>
      a.departsAt.getTime() - b.departsAt.getTime() || (a.id < b.id ? -1 : 1);
    const of = (...areas: string[]) =>
      made
        .filter((r) => areas.includes(r.area))
        .sort(byDeparture)
        .map((r) => r.id);
    // Own cell by departure, then east and west merged by departure (id on the shared hour).
    const order = [...of('own'), ...of('east', 'west'), ...of('north')];
    for (let limit = 1; limit <= order.length; limit++) {
      const page = await walkIds(event.id, at, limit, { price: 'any' });
      expect(page, `limit ${limit}`).toEqual(order.slice(0, limit));
      expect(page, `limit ${limit}`).toEqual(
        await fullSortIds(event.id, at, limit, { price: 'any' }),
      );
    }
    // Past the hand-made cells the page goes on into the far offers, as the full sort does.
    expect(await walkIds(event.id, at, 40, { price: 'any' })).toEqual(
      await fullSortIds(event.id, at, 40, { price: 'any' }),
    );
  });

  it('finds an offer in a cell it was just offered from or moved to', async () => {
    const event = await newEvent();
    // More offers with a point than a page, so the page is the walk's (not the full pass's).
    await farFiller(event.id, must(people.other, 'other').id, 250);
    const at = { lat: -20, lng: 30 };
    const offered = await offer(event.id, { departurePoint: { lat: -20.3, lng: 30.2 } });
    const moved = await offer(event.id, { departurePoint: { lat: 45, lng: 45 } });
    const edited = await call('driver', 'PATCH', `/api/rides/${moved.id}`, {
      departurePoint: { lat: -20.01, lng: 30.01 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = await call(
      null,
      'GET',
      `/api/events/${event.id}/rides?sort=distance&lat=${at.lat}&lng=${at.lng}`,
    );
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<EventRides>().rides.map((r: Ride) => r.id);
    expect(ids.slice(0, 2)).toEqual([moved.id, offered.id]);
    expect(ids).toEqual(await fullSortIds(event.id, at, 200, { price: 'any' }));
  });
});
