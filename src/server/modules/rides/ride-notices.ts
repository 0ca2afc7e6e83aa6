import { msg, plural } from '@lingui/core/macro';

// The words of the rides' notifications, each a message the recipient reads in their own
// language (names, places and event titles are the people's own and stay as written).

export const RETURN_AFTER_DEPARTURE = msg`The return must be after the departure`;

export function rideNearYou(driver: string, event: string, area: string, km: number | null) {
  const distance = Math.round(km ?? 0);
  return msg`${driver} offers a ride to ${event} from ${area} (${distance} km from you).`;
}

export function needsRide(rider: string, seats: number, event: string, area: string) {
  return msg`${rider} needs ${plural(seats, { one: '# seat', other: '# seats' })} to ${event} from ${area}.`;
}

export function driverCancelled(area: string) {
  return msg`The driver cancelled the ride from ${area}. Paid seats are refunded.`;
}

export function asksForSeats(rider: string, seats: number, event: string) {
  return msg`${rider} asks for ${plural(seats, { one: '# seat', other: '# seats' })} on your ride to ${event}.`;
}

export function bookedSeats(rider: string, seats: number, event: string, paying: boolean) {
  return paying
    ? msg`${rider} is paying for ${plural(seats, { one: '# seat', other: '# seats' })} on your ride to ${event}.`
    : msg`${rider} booked ${plural(seats, { one: '# seat', other: '# seats' })} on your ride to ${event}.`;
}

export function seatsConfirmedOn(seats: number, event: string) {
  return msg`${plural(seats, {
    one: `Your # seat is confirmed on the ride to ${event}.`,
    other: `Your # seats are confirmed on the ride to ${event}.`,
  })}`;
}

export function requestDeclined(event: string) {
  return msg`The driver could not take you on the ride to ${event}.`;
}

export function acceptedPayNow(event: string) {
  return msg`The driver accepted you on the ride to ${event}. Pay within 30 minutes to keep your seat.`;
}

export function accepted(event: string) {
  return msg`The driver accepted you on the ride to ${event}.`;
}

export function riderCancelled(rider: string, seats: number) {
  return msg`${rider} cancelled ${plural(seats, { one: '# seat', other: '# seats' })} on your ride.`;
}

export function seatsPaid(seats: number) {
  return msg`${plural(seats, { one: 'Your # seat is confirmed.', other: 'Your # seats are confirmed.' })}`;
}
