import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SocketPeer } from '../../platform/realtime/socket-messages';
import { findTakenSeats } from './seating.queries';

type SeatState = 'held' | 'sold';
/** Who follows a map: a realtime socket, or a signed-out page's polls (seat-polls.ts). */
type SeatWatcher = Pick<SocketPeer, 'send' | 'onClose'>;
type SeatChanges = Record<string, 'free' | 'held' | 'sold'>;

/** How often a watched map is read again for what no call here announced. */
const TICK_MS = 200;
/** Maps one socket may follow at once (a tab shows one; a second tab has its own socket). */
export const MAPS_PER_SOCKET = 4;

interface Watched {
  peers: Set<SeatWatcher>;
  /** The seats not free at the last read: what changes are measured against. */
  seats: Map<string, SeatState>;
  /** False until the first read, which only sets the starting point. */
  primed: boolean;
  reading: Promise<void> | undefined;
  again: boolean;
}

/**
 * The live seat maps of this process (decision 072). A seat's state follows its order, and an
 * order is paid, cancelled, refunded or runs out of time in other modules (or without any write
 * at all, when a hold expires), so no single call can announce every change. Instead each
 * process reads the seats of the maps its own sockets watch: at once when a checkout here takes
 * or gives back seats, and every TICK_MS otherwise (a checkout in another process, a payment, a
 * cancellation, an expiry). The read is one indexed query per watched event, however many people
 * watch it, and only the seats that changed go out, to those sockets alone.
 */
export class SeatWatch {
  private readonly events = new Map<string, Watched>();
  private readonly byPeer = new Map<SeatWatcher, Set<string>>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly deps: { db: Database; clock: Clock },
    private readonly onError: (error: unknown, context: string) => void,
    tickMs = TICK_MS,
  ) {
    this.timer = setInterval(() => {
      for (const eventId of this.events.keys()) this.changed(eventId);
    }, tickMs);
    this.timer.unref();
  }

  /**
   * Adds the socket to the event's watchers (the caller checked the person may see the event),
   * then acknowledges: what the page reads after the acknowledgement is covered by the frames.
   */
  async watch(peer: SeatWatcher, eventId: string): Promise<void> {
    let mine = this.byPeer.get(peer);
    if (!mine) {
      this.byPeer.set(peer, (mine = new Set()));
      peer.onClose(() => this.forget(peer));
    }
    if (!mine.has(eventId) && mine.size >= MAPS_PER_SOCKET) {
      peer.send({
        type: 'seat_map_refused',
        eventId,
        message: `A page follows at most ${MAPS_PER_SOCKET} seat maps at once`,
      });
      return;
    }
    mine.add(eventId);
    let watched = this.events.get(eventId);
    if (!watched) {
      watched = {
        peers: new Set(),
        seats: new Map(),
        primed: false,
        reading: undefined,
        again: false,
      };
      this.events.set(eventId, watched);
      watched.peers.add(peer);
      // The first watcher waits for the starting point, so the map it reads next is not older.
      this.changed(eventId);
      await watched.reading;
    } else {
      watched.peers.add(peer);
      await watched.reading;
    }
    peer.send({ type: 'seat_map_watching', eventId });
  }

  unwatch(peer: SeatWatcher, eventId: string): void {
    this.byPeer.get(peer)?.delete(eventId);
    const watched = this.events.get(eventId);
    watched?.peers.delete(peer);
    if (watched?.peers.size === 0) this.events.delete(eventId);
  }

  /** Reads the event's seats soon (at once, or after the read in progress) if anyone watches. */
  changed(eventId: string): void {
    const watched = this.events.get(eventId);
    if (!watched || this.closed) return;
    if (watched.reading) {
      watched.again = true;
      return;
    }
    watched.reading = this.read(eventId, watched)
      .catch((error: unknown) => this.onError(error, 'seat map read'))
      .finally(() => {
        watched.reading = undefined;
        if (watched.again) {
          watched.again = false;
          this.changed(eventId);
        }
      });
  }

  /** Waits for the reads in progress (tests, shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.events.values()].map((w) => w.reading));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.settle();
    this.events.clear();
    this.byPeer.clear();
  }

  private forget(peer: SeatWatcher): void {
    for (const eventId of this.byPeer.get(peer) ?? []) this.unwatch(peer, eventId);
    this.byPeer.delete(peer);
  }

  private async read(eventId: string, watched: Watched): Promise<void> {
    const rows = await findTakenSeats(this.deps.db, { eventId, now: this.deps.clock.now() });
    const next = new Map<string, SeatState>();
    for (const row of rows) next.set(row.seat_id, row.state);
    const changes: SeatChanges = {};
    let count = 0;
    for (const [id, state] of next) {
      if (watched.seats.get(id) !== state) {
        changes[id] = state;
        count++;
      }
    }
    for (const id of watched.seats.keys()) {
      if (!next.has(id)) {
        changes[id] = 'free';
        count++;
      }
    }
    watched.seats = next;
    if (!watched.primed) {
      watched.primed = true;
      return;
    }
    if (!count) return;
    const frame: ServerFrame = { type: 'seat_map', eventId, seats: changes };
    for (const peer of watched.peers) peer.send(frame);
  }
}
