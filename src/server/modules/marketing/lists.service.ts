import { msg } from '@lingui/core/macro';
import type { EmailListInput, SubscriberStatus } from '../../../contracts/marketing';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { fieldError, M, orNotFound, ownerOf, type MarketingDeps } from './marketing.service';
import * as q from './lists.queries';
import { ownerEvent } from './marketing.queries';
import { findSuppressed } from './suppressions.queries';

// An owner's email lists and the people on them (CSV import and export: list-csv.service.ts).

export async function listLists(deps: MarketingDeps, actor: AuthUser) {
  return q.findLists(deps.db, { owner: ownerOf(actor) });
}

export async function getList(deps: MarketingDeps, actor: AuthUser, id: string) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  await q.syncAttendees(deps.db, { list });
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function createList(deps: MarketingDeps, actor: AuthUser, input: EmailListInput) {
  const owner = ownerOf(actor);
  if (input.kind === 'event_attendees') {
    if (!input.eventId) throw fieldError('body.eventId', msg`Choose an event`, 'VALIDATION_FAILED');
    if (!(await ownerEvent(deps.db, { id: input.eventId, ownerId: owner.id })))
      throw fieldError('body.eventId', msg`Choose one of your events`, 'VALIDATION_FAILED');
  }
  const list = await q.insertList(deps.db, {
    ...input,
    eventId: input.kind === 'event_attendees' ? (input.eventId ?? null) : null,
    ownerId: owner.id,
    createdAt: deps.clock.now(),
  });
  await q.syncAttendees(deps.db, { list });
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function updateList(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: Partial<EmailListInput>,
) {
  const list = orNotFound(
    await q.updateOwnedList(deps.db, { id, owner: ownerOf(actor), set: input }),
    M.listNotFound,
  );
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function deleteList(deps: MarketingDeps, actor: AuthUser, id: string) {
  if (!(await q.deleteOwnedList(deps.db, { id, owner: ownerOf(actor) })))
    throw new AppError('NOT_FOUND', M.listNotFound);
}

// Subscribers.

export async function listSubscribers(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  query: { status?: SubscriberStatus; search: string; limit: number; offset: number },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  return q.findSubscribers(deps.db, { listId: list.id, ...query });
}

/** Adds one person by hand: the owner vouches for consent, unless the address left before. */
export async function addSubscriber(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: { email: string; name: string; attributes: Record<string, string> },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const email = input.email.toLowerCase();
  if ((await findSuppressed(deps.db, { ownerId: list.ownerId, emails: [email] })).has(email))
    throw fieldError(
      'body.email',
      msg`This address unsubscribed from your mail and cannot be added again`,
      'CONFLICT',
    );
  const [row] = await q.insertSubscribers(deps.db, [
    {
      listId: list.id,
      email,
      name: input.name,
      attributes: input.attributes,
      status: 'subscribed',
      source: 'manual',
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    },
  ]);
  if (!row) throw fieldError('body.email', msg`This address is already on the list`, 'CONFLICT');
  return orNotFound(await q.findSubscriber(deps.db, { listId: list.id, email }), M.listNotFound);
}

export async function removeSubscriber(
  deps: MarketingDeps,
  actor: AuthUser,
  params: { listId: string; subscriberId: string },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id: params.listId, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  if (!(await q.deleteSubscriber(deps.db, { listId: list.id, id: params.subscriberId })))
    throw new AppError('NOT_FOUND', msg`Subscriber not found`);
}
