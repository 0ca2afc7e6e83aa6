import type { z } from 'zod';
import type {
  DoorEvent,
  DoorEventListSchema,
  DoorList,
  DoorSyncInput,
  DoorSyncResult,
} from '../../../contracts/door';
import { apiGet, apiPost } from '../../lib/api-client';

// The check-in app's calls (decision 066). Not react-query: the app keeps its data in IndexedDB
// and calls the server only to download a list and to sync.

const enc = encodeURIComponent;

export async function fetchDoorEvents(): Promise<DoorEvent[]> {
  return (await apiGet<z.infer<typeof DoorEventListSchema>>('/api/door/events')).events;
}

export function fetchDoorList(eventId: string, types: readonly string[]): Promise<DoorList> {
  const query = types.length ? `?types=${types.map(enc).join(',')}` : '';
  return apiGet<DoorList>(`/api/door/events/${enc(eventId)}/list${query}`);
}

export function postSync(eventId: string, body: DoorSyncInput): Promise<DoorSyncResult> {
  return apiPost<DoorSyncResult>(`/api/door/events/${enc(eventId)}/sync`, body);
}
