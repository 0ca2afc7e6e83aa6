import type { DbExecutor } from '../../db/client';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import * as q from './rides.queries';

const HOUR = 3600_000;

/** Demo offers: a few drivers going to the next public events, free and paid, with a map point. */
const OFFERS = [
  {
    driver: 'vendor',
    area: 'Downtown Oakland, 12th St BART',
    point: { lat: 37.8036, lng: -122.2716 },
    hoursBefore: 2,
    seats: 3,
    priceCents: 0,
    car: 'Blue Honda Civic',
    mode: 'instant',
  },
  {
    driver: 'attendee',
    area: 'Berkeley, Ashby station',
    point: { lat: 37.853, lng: -122.2701 },
    hoursBefore: 1.5,
    seats: 2,
    priceCents: 800,
    car: 'White Toyota Prius',
    mode: 'approval',
  },
  {
    driver: 'venue',
    area: 'San Francisco, Mission & 24th',
    point: null,
    hoursBefore: 3,
    seats: 4,
    priceCents: 0,
    car: 'Grey VW Touran',
    mode: 'approval',
  },
] as const;

export async function seedRides(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const events = await q.upcomingPublicEvents(tx, { now: params.now, limit: 2 });
  if (!events.length) return;
  for (const offer of OFFERS) {
    const driverId = await q.userIdByEmail(tx, { email: getDemoAccount(offer.driver).email });
    if (!driverId || (await q.hasRides(tx, { driverId }))) continue;
    for (const event of events) {
      const departsAt = new Date(event.startsAt.getTime() - offer.hoursBefore * HOUR);
      if (departsAt <= params.now) continue;
      await q.insertRide(tx, {
        eventId: event.id,
        driverId,
        departureArea: offer.area,
        departureLat: offer.point?.lat ?? null,
        departureLng: offer.point?.lng ?? null,
        departsAt,
        returnDepartsAt: new Date(event.startsAt.getTime() + 5 * HOUR),
        seats: offer.seats,
        seatsLeft: offer.seats,
        priceCents: offer.priceCents,
        car: offer.car,
        notes: 'Happy to stop for coffee on the way.',
        bookingMode: offer.mode,
        createdAt: params.joinedAt,
        updatedAt: params.joinedAt,
      });
    }
  }
}
