import type { DoorList } from '../../../contracts/door';
import type {
  DoorCheckInList,
  DoorCheckInListInput,
  DoorCheckInLists,
  DoorConflict,
} from '../../../contracts/door-lists';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Check-in lists by day or gate and the conflicts of offline scans (decision 116).

const enc = encodeURIComponent;
const base = (eventId: string) => `/api/door/events/${enc(eventId)}`;

export const checkInListKeys = {
  lists: (eventId: string) => ['door', 'check-in-lists', eventId] as const,
  conflicts: (eventId: string) => ['door', 'conflicts', eventId] as const,
};

export function fetchCheckInLists(eventId: string): Promise<DoorCheckInLists> {
  return apiGet<DoorCheckInLists>(`${base(eventId)}/check-in-lists`);
}

export function postCheckInList(
  eventId: string,
  body: DoorCheckInListInput,
): Promise<DoorCheckInList> {
  return apiPost<DoorCheckInList>(`${base(eventId)}/check-in-lists`, body);
}

export function putCheckInList(
  eventId: string,
  listId: string,
  body: DoorCheckInListInput,
): Promise<DoorCheckInList> {
  return apiRequest<DoorCheckInList>(`${base(eventId)}/check-in-lists/${enc(listId)}`, {
    method: 'PUT',
    body,
  });
}

export function deleteCheckInList(eventId: string, listId: string): Promise<unknown> {
  return apiRequest(`${base(eventId)}/check-in-lists/${enc(listId)}`, { method: 'DELETE' });
}

/** Every ticket of the event with the list's rules (the device decides by them offline). */
export function fetchListDownload(eventId: string, listId: string): Promise<DoorList> {
  return apiGet<DoorList>(`${base(eventId)}/list?list=${enc(listId)}`);
}

export async function fetchConflicts(eventId: string): Promise<DoorConflict[]> {
  return (await apiGet<{ conflicts: DoorConflict[] }>(`${base(eventId)}/conflicts`)).conflicts;
}
