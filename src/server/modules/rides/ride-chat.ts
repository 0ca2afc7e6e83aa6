import type { DbExecutor } from '../../db/client';
import {
  addToGroupChat,
  openModuleGroupChat,
  removeFromGroupChat,
} from '../messaging/messaging.service';
import { signalRideAccess } from './rides.live';
import * as q from './rides.queries';

/**
 * Confirmed riders join the ride's group chat (through the messaging service); the first one's
 * transaction opens it with the driver in it, under the ride row's lock so it is made once.
 */
export async function joinRideChat(tx: DbExecutor, rideId: string, riderIds: readonly string[]) {
  const ride = await q.lockRideChat(tx, { rideId });
  if (!ride) return;
  let chatId = ride.chatId;
  if (!chatId) {
    chatId = await openModuleGroupChat(tx, {
      title: `Ride to ${ride.eventTitle} from ${ride.departureArea}`,
      createdBy: ride.driverId,
      memberIds: [ride.driverId],
    });
    await q.setRideChat(tx, { rideId, chatId });
  }
  await addToGroupChat(tx, { chatId, userIds: riderIds });
  // Confirmed riders follow the live position: every process reads the ride's riders again.
  await signalRideAccess(tx, rideId);
}

/** Riders whose seats are gone leave the chat (it is for the driver and confirmed riders). */
export async function leaveRideChat(
  tx: DbExecutor,
  ride: { id: string; chatId: string | null },
  riderIds: readonly string[],
) {
  if (ride.chatId && riderIds.length)
    await removeFromGroupChat(tx, { chatId: ride.chatId, userIds: riderIds });
  // …and no longer follow the live position.
  if (riderIds.length) await signalRideAccess(tx, ride.id);
}
