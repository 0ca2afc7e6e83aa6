import type { RealtimeHub } from '../../platform/realtime/hub';
import { SIGNAL_CHANNEL } from '../../platform/realtime/hub';
import type { Clock } from '../../platform/clock';
import type { Database, DbExecutor } from '../../db/client';
import * as q from './ride-location.queries';
import type { RideRow } from './rides.queries';

// Live trip sharing kept in memory (decision 026). A driver's phone sends a position a
// second; each used to cost an HTTP request, two statements and five frames serialised one by
// one. Now a process remembers, per ride, who may share and see (driver, confirmed riders, trip
// window), checked in the database once and then again only when that changes, and holds the
// newest position, writing the positions that changed every POSITION_WRITE_MS in one statement
// (they expire after two minutes anyway; the row is only for a page opened in another process).

/** Positions that changed are written this often (one statement for all of them). */
export const POSITION_WRITE_MS = 5_000;
/** A remembered ride is read again after this long even if no change was heard (a lost signal). */
const ACCESS_TTL_MS = 60_000;
/**
 * The hub recipient that carries `ride_access` frames between processes: no person has this id,
 * so the frames reach each process's LiveTrips and never a browser.
 */
const ACCESS_RECIPIENT = 'rides:access';

export interface TripAccess {
  ride: Pick<RideRow, 'id' | 'driverId' | 'status' | 'departsAt' | 'returnDepartsAt'>;
  riderIds: readonly string[];
  checkedAt: number;
}

export interface HeldPosition {
  lat: number;
  lng: number;
  updatedAt: Date;
  expiresAt: Date;
}

/**
 * Tells every process (this one included) that a ride's riders, status or times changed, inside
 * the transaction that changed them: PostgreSQL delivers a NOTIFY on commit only, so no process
 * can re-read the old state after being told. It rides the realtime hub's signal channel.
 */
export async function signalRideAccess(tx: DbExecutor, rideId: string) {
  const payload = JSON.stringify({
    o: 'rides',
    u: [ACCESS_RECIPIENT],
    f: { type: 'ride_access', rideId },
  });
  await q.notify(tx, { channel: SIGNAL_CHANNEL, payload });
}

export class LiveTrips {
  private readonly access = new Map<string, TripAccess>();
  private readonly loading = new Map<string, Promise<TripAccess | undefined>>();
  private readonly positions = new Map<string, HeldPosition & { written: boolean }>();
  private readonly detach: () => void;
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly deps: { db: Database; clock: Clock; realtime: Pick<RealtimeHub, 'attach'> },
    onError: (error: unknown, context: string) => void,
  ) {
    this.detach = deps.realtime.attach(ACCESS_RECIPIENT, {
      bufferedAmount: 0,
      close: () => {},
      send: (data) => {
        try {
          const frame = JSON.parse(data) as { type?: string; rideId?: string };
          if (frame.type === 'ride_access' && frame.rideId) this.forget(frame.rideId);
        } catch {
          // Not ours.
        }
      },
    });
    this.timer = setInterval(() => {
      this.writing ??= this.write()
        .catch((error: unknown) => onError(error, 'live positions write'))
        .finally(() => (this.writing = undefined));
    }, POSITION_WRITE_MS);
    this.timer.unref();
  }

  /** Who may share and see the ride's position: from memory, or read once (concurrent callers share the read). */
  async trip(rideId: string): Promise<TripAccess | undefined> {
    const known = this.access.get(rideId);
    if (known && Date.now() - known.checkedAt < ACCESS_TTL_MS) return known;
    let pending = this.loading.get(rideId);
    if (!pending) {
      pending = q
        .rideWithConfirmedRiders(this.deps.db, { rideId })
        .then((found) => {
          if (!found) return undefined;
          const entry: TripAccess = {
            ride: found.ride,
            riderIds: found.riderIds,
            checkedAt: Date.now(),
          };
          // A change heard while reading makes this read stale: it is not kept.
          if (this.loading.get(rideId) === pending) this.access.set(rideId, entry);
          return entry;
        })
        .finally(() => {
          if (this.loading.get(rideId) === pending) this.loading.delete(rideId);
        });
      this.loading.set(rideId, pending);
    }
    return pending;
  }

  forget(rideId: string): void {
    this.access.delete(rideId);
    this.loading.delete(rideId);
  }

  hold(rideId: string, position: HeldPosition): void {
    this.positions.set(rideId, { ...position, written: false });
  }

  /** The fresh position this process holds, if any (an expired one is dropped on the way). */
  current(rideId: string, now: Date): HeldPosition | undefined {
    const held = this.positions.get(rideId);
    if (!held) return undefined;
    if (held.expiresAt.getTime() <= now.getTime()) {
      this.positions.delete(rideId);
      return undefined;
    }
    return held;
  }

  drop(rideId: string): void {
    this.positions.delete(rideId);
  }

  /** Writes the positions that changed since the last write; drops the expired ones. */
  async write(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const rows: (HeldPosition & { rideId: string })[] = [];
    for (const [rideId, held] of this.positions) {
      if (held.expiresAt.getTime() <= now) this.positions.delete(rideId);
      else if (!held.written) {
        held.written = true;
        rows.push({ rideId, ...held });
      }
    }
    if (rows.length) await q.upsertPositions(this.deps.db, rows);
  }

  close(): void {
    clearInterval(this.timer);
    this.detach();
  }
}
