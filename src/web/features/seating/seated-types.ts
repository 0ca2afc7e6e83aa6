import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventSeatingQuery } from './api';

const NONE: ReadonlySet<string> = new Set();

/**
 * The event's ticket types sold by seat (mapped to a category of its seat plan): they are bought
 * on the seat map, never by count. Empty for an event sold by count, and while loading.
 */
export function useSeatedTypeIds(eventId: string): ReadonlySet<string> {
  const seating = useQuery(eventSeatingQuery(eventId));
  return useMemo(
    () => (seating.data ? new Set(seating.data.categories.map((c) => c.ticketTypeId)) : NONE),
    [seating.data],
  );
}
