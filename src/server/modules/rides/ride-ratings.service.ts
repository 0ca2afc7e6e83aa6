import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { RIDE_MESSAGES as TEXT, type RideRatingInputSchema } from '../../../contracts/rides';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { eventOver, rideNotFound, type RideDeps } from './ride-common';
import { bookingsOfRide } from './ride-bookings.queries';
import * as q from './ride-ratings.queries';
import { ratingRefusal, stillToRate } from './rides.policy';
import { rideView, type RideView } from './rides.queries';

// The people of a ride (its driver and confirmed riders) rate each other after the event.

/** Whom this person of the ride may still rate: the driver and confirmed riders they have not. */
export async function peopleToRate(
  deps: Pick<RideDeps, 'db'>,
  actor: AuthUser,
  view: RideView,
): Promise<{ id: string; name: string }[]> {
  const rideId = view.ride.id;
  const all = await bookingsOfRide(deps.db, { rideId, confirmedOnly: true });
  const given = new Set(
    (await q.ratingsGivenBy(deps.db, { rideId, raterId: actor.id })).map((r) => r.rateeId),
  );
  const people = [
    { id: view.ride.driverId, name: view.driverName },
    ...all.map((b) => ({ id: b.booking.riderId, name: b.riderName })),
  ];
  return stillToRate(actor.id, people, given);
}

export async function rateRidePerson(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  input: z.output<typeof RideRatingInputSchema>,
) {
  const view = await rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  const confirmed = await bookingsOfRide(deps.db, { rideId, confirmedOnly: true });
  const refusal = ratingRefusal({
    raterId: actor.id,
    rateeId: input.userId,
    ride: view.ride,
    confirmedRiderIds: confirmed.map((b) => b.booking.riderId),
    eventOver: eventOver(view, deps.clock.now()),
  });
  if (refusal === 'too_early') throw new AppError('CONFLICT', TEXT.rateAfterEvent);
  if (refusal === 'self') throw new AppError('BAD_REQUEST', TEXT.rateSelf);
  if (refusal) throw new AppError('FORBIDDEN', TEXT.rateOnlyTogether);
  const row = await q.insertRating(deps.db, {
    rideId,
    raterId: actor.id,
    rateeId: input.userId,
    rating: input.rating,
    comment: input.comment,
    createdAt: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', msg`You already rated this person for this ride`);
  return { ok: true as const };
}
