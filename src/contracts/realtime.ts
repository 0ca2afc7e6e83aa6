// The realtime socket's messages (GET /api/realtime, a WebSocket authenticated by the session
// cookie). Types only: the browser parses frames without zod to keep it off the first load.
import type { ChatSignal, Message } from './messaging';
import type { Notification, StreamNotification } from './notifications';
import type { LiveLocation } from './rides';
import type { VendorRequest } from './vendors';

export const REALTIME_PATH = '/api/realtime';
/** The server sends a heartbeat this often; a client that hears nothing for 2.5× reconnects. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** Client reconnect backoff: full jitter between 0 and min(max, base × 2^attempt). */
export const REALTIME_RECONNECT_BASE_MS = 500;
export const REALTIME_RECONNECT_MAX_MS = 30_000;
/** A catch-up longer than this is answered with `resync`: refetch the lists instead. */
export const REALTIME_CATCH_UP_MAX = 200;

export type RealtimeOp = 'INSERT' | 'UPDATE';

export type ServerFrame =
  /**
   * Sent once the socket is authenticated, after any catch-up frames a `since` asked for: the
   * newest sequence number the server knows (the client's next `since`).
   */
  | { type: 'ready'; seq: number }
  | { type: 'heartbeat'; seq: number }
  | { type: 'notifications'; events: { op: RealtimeOp; notification: Notification }[] }
  | {
      type: 'stream_notifications';
      events: { op: RealtimeOp; notification: StreamNotification }[];
    }
  /** New, edited or removed messages in the chats the user takes part in. */
  | { type: 'messages'; events: { op: RealtimeOp; message: Message }[] }
  /** A vendor application was made or changed (to its organizer and its vendor): reload. */
  | { type: 'vendor_requests'; events: { op: RealtimeOp; request: VendorRequest }[] }
  /** Not stored, not replayed: typing and read receipts. */
  | { type: 'chat_signal'; signal: ChatSignal }
  /**
   * Not stored, not replayed: the driver's live position for the ride's driver and confirmed
   * riders (`sharing: false` when it stops). Counts until `expiresAt` (decision 026).
   */
  | { type: 'ride_location'; rideId: string; location: LiveLocation }
  /** The driver's position sent up the socket was refused (not the driver, not the trip's time). */
  | { type: 'ride_location_refused'; rideId: string; message: string }
  /**
   * Between server processes only (never to a browser): a ride's riders or times changed, so
   * what each process remembers of who may share and see its position is dropped.
   */
  | { type: 'ride_access'; rideId: string }
  /** Not stored, not replayed: a vendor's live position on the event day, for its organizer. */
  | {
      type: 'vendor_location';
      eventId: string;
      vendor: { id: string; name: string };
      location: LiveLocation;
    }
  /**
   * Not stored, not replayed: seats of an event's map that changed state since the last frame
   * (`free` again, `held` in a checkout, `sold`), to the sockets watching that map.
   */
  | { type: 'seat_map'; eventId: string; seats: Record<string, 'free' | 'held' | 'sold'> }
  /** The socket now watches this map: read it once more, then apply `seat_map` frames. */
  | { type: 'seat_map_watching'; eventId: string }
  /** The map may not be watched (an event this person may not see, too many maps at once). */
  | { type: 'seat_map_refused'; eventId: string; message: string }
  /**
   * Not stored, not replayed: a box-office sale the socket watches settled (its card payment
   * came in, its checkout expired or the seller cancelled it), to the desks watching it.
   */
  | {
      type: 'box_office_sale';
      eventId: string;
      orderId: string;
      status: 'paid' | 'cancelled' | 'expired';
    }
  /** The socket now watches the sale: read it once more, then wait for `box_office_sale`. */
  | { type: 'box_office_sale_watching'; orderId: string }
  /** The sale may not be watched (not this person's event's box office, unknown sale). */
  | { type: 'box_office_sale_refused'; orderId: string; message: string }
  /** Too much was missed to replay: refetch notification lists. */
  | { type: 'resync' };

/** What a browser sends up the socket (JSON text). */
export type ClientFrame =
  /** The driver's position during the trip (the socket twin of PUT /api/rides/{id}/location). */
  | { type: 'ride_location'; rideId: string; lat: number; lng: number }
  /** Follow an event's seat map (`access`: a private event's link token). */
  | { type: 'seat_map_watch'; eventId: string; access?: string }
  | { type: 'seat_map_unwatch'; eventId: string }
  /** Be told when a box-office sale waiting for its card payment settles (the event's desk). */
  | { type: 'box_office_sale_watch'; eventId: string; orderId: string }
  | { type: 'box_office_sale_unwatch'; orderId: string };

/**
 * Connect with `?since=<seq>` (the highest `seq` seen before) to receive what changed while
 * disconnected; without it, only what happens from now on.
 */
export function realtimeUrl(origin: string, since?: number): string {
  const url = new URL(REALTIME_PATH, origin.replace(/^http/, 'ws'));
  if (since !== undefined) url.searchParams.set('since', String(since));
  return url.toString();
}
