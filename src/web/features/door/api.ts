import type { z } from 'zod';
import type {
  DoorEvent,
  DoorEventListSchema,
  DoorList,
  DoorSettings,
  DoorSyncInput,
  DoorSyncResult,
} from '../../../contracts/door';
import type {
  BoxOfficeCatalog,
  BoxOfficeCloseInput,
  BoxOfficeFloatInput,
  BoxOfficeMail,
  BoxOfficeMailInput,
  BoxOfficeSale,
  BoxOfficeSaleInput,
  BoxOfficeShift,
  BoxOfficeSummary,
} from '../../../contracts/box-office';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

// The check-in app's calls (decision 066). Not react-query: the app keeps its data in IndexedDB
// and calls the server only to download a list and to sync. The box office sells online only.

const enc = encodeURIComponent;

/** The box office's react-query keys (the check-in lists themselves live in IndexedDB). */
export const doorKeys = {
  events: ['door', 'events'] as const,
  boxOffices: ['door', 'box-office'] as const,
  boxOffice: (eventId: string) => ['door', 'box-office', eventId] as const,
  shiftSummary: (eventId: string) => ['door', 'box-office', eventId, 'summary'] as const,
  sale: (orderId: string) => ['door', 'sale', orderId] as const,
};

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

export function fetchBoxOffice(eventId: string): Promise<BoxOfficeCatalog> {
  return apiGet<BoxOfficeCatalog>(`/api/door/events/${enc(eventId)}/box-office`);
}

/** One sale per key: the form keeps its key until the sale is made, so a double tap sells once. */
export function postSale(
  eventId: string,
  body: BoxOfficeSaleInput,
  key: string,
): Promise<BoxOfficeSale> {
  return apiPost<BoxOfficeSale>(`/api/door/events/${enc(eventId)}/box-office/sales`, body, {
    headers: { 'Idempotency-Key': key },
  });
}

export function fetchSale(eventId: string, orderId: string): Promise<BoxOfficeSale> {
  return apiGet<BoxOfficeSale>(`/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}`);
}

export function postAdmitSale(eventId: string, orderId: string): Promise<BoxOfficeSale> {
  return apiPost<BoxOfficeSale>(
    `/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}/admit`,
  );
}

/** Mails a paid sale's tickets; one mail per request id, so a double click sends one. */
export function postMailTickets(
  eventId: string,
  orderId: string,
  body: BoxOfficeMailInput,
  requestId: string,
): Promise<BoxOfficeMail> {
  return apiPost<BoxOfficeMail>(
    `/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}/mail`,
    body,
    { headers: { 'Idempotency-Key': requestId } },
  );
}

/** Gives up a card sale still waiting for its payment: its hold is released. */
export function postCancelSale(eventId: string, orderId: string): Promise<BoxOfficeSale> {
  return apiPost<BoxOfficeSale>(
    `/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}/cancel`,
  );
}

export function fetchShiftSummary(eventId: string): Promise<BoxOfficeSummary> {
  return apiGet<BoxOfficeSummary>(`/api/door/events/${enc(eventId)}/box-office/summary`);
}

/** A seller's shift (their sales of a day) and its drawer. */
const shiftUrl = (eventId: string, sellerId: string, day: string) =>
  `/api/door/events/${enc(eventId)}/box-office/shifts/${enc(sellerId)}/${enc(day)}`;

export function putShiftFloat(
  eventId: string,
  shift: { sellerId: string; day: string },
  body: BoxOfficeFloatInput,
): Promise<BoxOfficeShift> {
  return apiRequest<BoxOfficeShift>(`${shiftUrl(eventId, shift.sellerId, shift.day)}/float`, {
    method: 'PUT',
    body,
  });
}

/** Closes a shift with the cash counted; the same count sent twice is one close. */
export function postShiftClose(
  eventId: string,
  shift: { sellerId: string; day: string },
  body: BoxOfficeCloseInput,
): Promise<BoxOfficeShift> {
  return apiPost<BoxOfficeShift>(`${shiftUrl(eventId, shift.sellerId, shift.day)}/close`, body);
}

export function postShiftReopen(
  eventId: string,
  shift: { sellerId: string; day: string },
): Promise<BoxOfficeShift> {
  return apiPost<BoxOfficeShift>(`${shiftUrl(eventId, shift.sellerId, shift.day)}/reopen`);
}

export function putDoorSettings(eventId: string, body: DoorSettings): Promise<DoorSettings> {
  return apiRequest<DoorSettings>(`/api/door/events/${enc(eventId)}/settings`, {
    method: 'PUT',
    body,
  });
}
