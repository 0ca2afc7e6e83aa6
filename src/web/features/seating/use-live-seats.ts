import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FrameOf } from '../../lib/realtime';
import { realtime } from '../../lib/realtime';
import { holdRealtime } from '../../lib/realtime-hold';
import type { EventSeating, SeatChangesAnswer } from '../../../contracts/seating';
import { apiGet } from '../../lib/api-client';
import { useSession } from '../session';
import { seatingKeys } from './api';

type SeatChanges = FrameOf<'seat_map'>['seats'];

/** The seating with these seats' new states laid over it. */
export function applySeatChanges(seating: EventSeating, changes: SeatChanges): EventSeating {
  const held = new Set(seating.held);
  const sold = new Set(seating.sold);
  for (const [id, state] of Object.entries(changes)) {
    held.delete(id);
    sold.delete(id);
    if (state === 'held') held.add(id);
    else if (state === 'sold') sold.add(id);
  }
  return { ...seating, held: [...held], sold: [...sold] };
}

/** How long a signed-out page waits before polling again after a failed poll. */
const RETRY_MS = 5_000;

/**
 * Follows the event's seat map on the tab's realtime socket (a signed-in visitor's: the socket
 * needs a session) and lays each change over the map as it comes. Once the server says the
 * socket watches, the map is read once more; changes heard while that read is under way are laid
 * over its answer again, since the answer may be older than they are. A signed-out visitor has
 * no socket: the page long-polls the map's changes instead (decision 090), reading the map again
 * once it has a cursor. True while live: the page re-reads every few seconds only when it is not.
 */
export function useLiveSeats(eventId: string): boolean {
  const client = useQueryClient();
  const signedIn = Boolean(useSession().user);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!signedIn || !eventId) return;
    const key = seatingKeys.event(eventId);
    let heard: SeatChanges | null = null;
    const apply = (changes: SeatChanges) =>
      client.setQueryData<EventSeating | null>(key, (old) =>
        old ? applySeatChanges(old, changes) : old,
      );
    const stop = holdRealtime(
      [
        realtime.subscribe('seat_map', (frame) => {
          if (frame.eventId !== eventId) return;
          if (heard) Object.assign(heard, frame.seats);
          apply(frame.seats);
        }),
        realtime.subscribe('seat_map_watching', (frame) => {
          if (frame.eventId !== eventId) return;
          const mine: SeatChanges = (heard = {});
          setLive(true);
          void client.refetchQueries({ queryKey: key, exact: true }).then(() => {
            apply(mine);
            if (heard === mine) heard = null;
          });
        }),
        realtime.subscribe('seat_map_refused', (frame) => {
          if (frame.eventId === eventId) setLive(false);
        }),
      ],
      {
        onOpen: () => realtime.send({ type: 'seat_map_watch', eventId }),
        onDown: () => setLive(false),
      },
    );
    return () => {
      realtime.send({ type: 'seat_map_unwatch', eventId });
      stop();
    };
  }, [client, eventId, signedIn]);
  useEffect(() => {
    if (signedIn || !eventId) return;
    const stop = new AbortController();
    const key = seatingKeys.event(eventId);
    const url = `/api/events/${encodeURIComponent(eventId)}/seating/changes`;
    const pause = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RETRY_MS);
        stop.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    void (async () => {
      let cursor: string | undefined;
      while (!stop.signal.aborted) {
        try {
          const answer = await apiGet<SeatChangesAnswer>(
            cursor ? `${url}?after=${encodeURIComponent(cursor)}` : url,
            { signal: stop.signal },
          );
          const fresh = !cursor || answer.reset;
          cursor = answer.cursor;
          if (fresh) {
            // Changes after this cursor come with the next poll, even those the read includes.
            await client.refetchQueries({ queryKey: key, exact: true });
            setLive(true);
          } else if (Object.keys(answer.seats).length) {
            client.setQueryData<EventSeating | null>(key, (old) =>
              old ? applySeatChanges(old, answer.seats) : old,
            );
          }
        } catch {
          if (stop.signal.aborted) return;
          cursor = undefined;
          setLive(false);
          await pause();
        }
      }
    })();
    return () => {
      stop.abort();
      setLive(false);
    };
  }, [client, eventId, signedIn]);
  return live;
}
