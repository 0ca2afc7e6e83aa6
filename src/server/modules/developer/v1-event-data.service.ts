import { toV1CapacityPool } from '../../../contracts/capacity-pools';
import { toV1Export, type ExportInput } from '../../../contracts/exports';
import {
  toV1WaitlistEntry,
  type V1WaitlistAddInput,
  type WaitlistStatus,
} from '../../../contracts/waitlist';
import { listPools } from '../capacity-pools/capacity-pools.service';
import {
  exportFile,
  getExport,
  listExports,
  startExport,
  type ExportDeps,
} from '../exports/exports.service';
import {
  addPlaceForOrganizer,
  entryOfEvent,
  getEventWaitlist,
  offerNow,
  removeEntry,
  type WaitlistDeps,
} from '../waitlist/waitlist.service';
import { keyActor, requireOwnEvent, type KeyHolder } from './developer.service';

// Public API v1 over an event's capacity pools, waiting list and exports: each goes through its
// module's service as the key's owner without roles, after the owner check that makes another
// organizer's event "not found" (never "forbidden": nothing about it leaks).

export type V1EventDataDeps = WaitlistDeps & ExportDeps;

export async function listPoolsWithKey(deps: V1EventDataDeps, holder: KeyHolder, eventId: string) {
  await requireOwnEvent(deps, holder, eventId);
  const pools = await listPools(deps, { eventId, actor: keyActor(holder) });
  return { data: pools.map(toV1CapacityPool) };
}

const V1_WAITLIST_MAX = 5000;

export async function waitlistWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; status?: WaitlistStatus; ticketTypeId?: string },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  // The key API answers the whole (filtered) list at once, up to the bound it always had.
  const list = await getEventWaitlist(deps, {
    eventId: params.eventId,
    actor: keyActor(holder),
    page: {
      page: 1,
      pageSize: V1_WAITLIST_MAX,
      q: '',
      status: params.status,
      ticketTypeId: params.ticketTypeId,
    },
  });
  return { offer_hours: list.settings.offerHours, data: list.entries.map(toV1WaitlistEntry) };
}

export async function addToWaitlistWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; input: V1WaitlistAddInput },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  const entry = await addPlaceForOrganizer(deps, {
    eventId: params.eventId,
    actor: keyActor(holder),
    input: {
      ticketTypeId: params.input.ticket_type_id,
      email: params.input.email,
      quantity: params.input.quantity,
      ...(params.input.language ? { language: params.input.language } : {}),
    },
  });
  return toV1WaitlistEntry(entry);
}

/** Offers free tickets to one place now, or takes it off the list. */
export async function changeWaitlistEntryWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; entryId: string; action: 'offer' | 'cancel' },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  const actor = keyActor(holder);
  await entryOfEvent(deps, { eventId: params.eventId, entryId: params.entryId, actor });
  const change = params.action === 'offer' ? offerNow : removeEntry;
  return toV1WaitlistEntry(await change(deps, { id: params.entryId, actor }));
}

export async function listExportsWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  eventId: string,
) {
  await requireOwnEvent(deps, holder, eventId);
  const list = await listExports(deps, { eventId, actor: keyActor(holder) });
  return { data: list.exports.map(toV1Export) };
}

export async function startExportWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; input: ExportInput },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  return toV1Export(await startExport(deps, { ...params, actor: keyActor(holder) }));
}

export async function getExportWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; exportId: string },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  return toV1Export(await getExport(deps, { ...params, actor: keyActor(holder) }));
}

export async function exportFileWithKey(
  deps: V1EventDataDeps,
  holder: KeyHolder,
  params: { eventId: string; exportId: string },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  return exportFile(deps, { ...params, actor: keyActor(holder) });
}
