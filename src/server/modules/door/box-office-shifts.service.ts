import { msg } from '@lingui/core/macro';
import {
  ShiftDaySchema,
  type BoxOfficeShift,
  type BoxOfficeSummary,
} from '../../../contracts/box-office';
import type { AuthUser } from '../../platform/auth/sessions';
import { isAdmin } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import { seesEveryShift } from './box-office.policy';
import {
  closeShiftDrawer,
  findPeopleNames,
  findSaleTypes,
  findShiftDrawer,
  findShiftDrawers,
  findShifts,
  reopenShiftDrawer,
  setShiftFloat,
} from './box-office.queries';
import { sellingEvent, type BoxOfficeDeps } from './box-office.service';

// A seller's shift (their sales of a day in the event's time zone) and its drawer (decision
// 147): the float it opens with, the cash counted at the close, over or short against what the
// sales put in the drawer. The seller closes their own shift, the organizer and admins any;
// only the organizer and admins re-open one.

type SalesRow = Awaited<ReturnType<typeof findShifts>>[number];
type DrawerRow = Awaited<ReturnType<typeof findShiftDrawers>>[number];

const CLOSED_ALREADY = msg`This shift is already closed with another count: the organizer re-opens it to count again`;
const CLOSED_FLOAT = msg`This shift is closed: the organizer re-opens it to change the float`;
const NOT_CLOSED = msg`This shift is not closed`;
const NOT_YOURS = msg`Only the organizer closes another seller's shift`;
const REOPEN_FORBIDDEN = msg`Only the organizer re-opens a closed shift`;
const NOT_A_DAY = msg`The day must be a date (YYYY-MM-DD)`;

const keyOf = (sellerId: string | null, day: string) => `${sellerId ?? ''}|${day}`;
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** The rows of the summary: each seller's sales of a day with its drawer, if it has one. */
async function shiftRows(
  deps: BoxOfficeDeps,
  params: { eventId: string; sellerIds?: string[] },
): Promise<BoxOfficeShift[]> {
  const [sales, drawers] = await Promise.all([
    findShifts(deps.db, params),
    findShiftDrawers(deps.db, params),
  ]);
  const byKey = new Map(drawers.map((drawer) => [keyOf(drawer.sellerId, drawer.day), drawer]));
  const people = new Set<string>();
  for (const drawer of drawers)
    for (const id of [drawer.sellerId, drawer.closedBy, drawer.reopenedBy]) if (id) people.add(id);
  const names = await findPeopleNames(deps.db, [...people]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? '') : null);

  const row = (sale: SalesRow | null, drawer: DrawerRow | undefined): BoxOfficeShift => {
    const floatCents = drawer?.floatCents ?? 0;
    const tenderedCents = sale?.tenderedCents ?? 0;
    const changeCents = sale?.changeCents ?? 0;
    const expectedCents = floatCents + tenderedCents - changeCents;
    const countedCents = drawer?.closedAt ? (drawer.countedCents ?? 0) : null;
    return {
      sellerId: sale?.sellerId ?? drawer?.sellerId ?? null,
      day: sale?.day ?? drawer?.day ?? '',
      sellerName: sale?.sellerName ?? nameOf(drawer?.sellerId ?? null) ?? '',
      sales: sale?.sales ?? 0,
      tickets: sale?.tickets ?? 0,
      cashCents: sale?.cashCents ?? 0,
      cardCents: sale?.cardCents ?? 0,
      complimentary: sale?.complimentary ?? 0,
      firstSaleAt: iso(sale?.firstSaleAt ?? null),
      lastSaleAt: iso(sale?.lastSaleAt ?? null),
      floatCents,
      tenderedCents,
      changeCents,
      expectedCents,
      countedCents,
      differenceCents: countedCents === null ? null : countedCents - expectedCents,
      closedAt: iso(drawer?.closedAt ?? null),
      closedByName: drawer?.closedAt ? nameOf(drawer.closedBy) : null,
      reopenedAt: iso(drawer?.reopenedAt ?? null),
      reopenedByName: nameOf(drawer?.reopenedBy ?? null),
    };
  };

  const rows = sales.map((sale) => {
    const key = keyOf(sale.sellerId, sale.day);
    const drawer = byKey.get(key);
    byKey.delete(key);
    return row(sale, drawer);
  });
  // Shifts opened with a float before their first sale follow, by day.
  const opened = [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day));
  return [...rows, ...opened.map((drawer) => row(null, drawer))];
}

/**
 * Each seller's shift at the event (sales, tickets, cash and card taken, complimentary tickets,
 * the drawer): the organizer and admins see every seller, a seller their own.
 */
export async function getSummary(
  deps: BoxOfficeDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<BoxOfficeSummary> {
  const event = await sellingEvent(deps, params);
  const every = seesEveryShift({
    isOwner: event.userId === params.actor.id,
    isAdmin: isAdmin(params.actor),
  });
  const [shifts, types] = await Promise.all([
    shiftRows(deps, { eventId: event.id, sellerIds: every ? undefined : [params.actor.id] }),
    findSaleTypes(deps.db, event.id),
  ]);
  return { currency: types[0]?.currency ?? event.currency, mayReopen: every, shifts };
}

interface ShiftParams {
  eventId: string;
  sellerId: string;
  day: string;
  actor: AuthUser;
}

/** The event, if the actor may keep this seller's drawer; whether they may re-open it. */
async function drawerAccess(deps: BoxOfficeDeps, params: ShiftParams) {
  const event = await sellingEvent(deps, params);
  const every = seesEveryShift({
    isOwner: event.userId === params.actor.id,
    isAdmin: isAdmin(params.actor),
  });
  if (!every && params.sellerId !== params.actor.id) throw new AppError('FORBIDDEN', NOT_YOURS);
  if (!ShiftDaySchema.safeParse(params.day).success)
    throw new AppError('VALIDATION_FAILED', NOT_A_DAY, {
      fields: [{ field: 'params.day', message: NOT_A_DAY.message }],
    });
  return { event, every };
}

async function shiftOf(deps: BoxOfficeDeps, params: ShiftParams): Promise<BoxOfficeShift> {
  const rows = await shiftRows(deps, { eventId: params.eventId, sellerIds: [params.sellerId] });
  const shift = rows.find((row) => row.day === params.day);
  if (!shift) throw new AppError('NOT_FOUND', msg`Shift not found`);
  return shift;
}

const shiftKey = (params: ShiftParams) => ({
  eventId: params.eventId,
  sellerId: params.sellerId,
  day: params.day,
});

/** Sets the float an open shift starts with (sent again: the same float). */
export async function setFloat(
  deps: BoxOfficeDeps,
  params: ShiftParams & { floatCents: number },
): Promise<BoxOfficeShift> {
  await drawerAccess(deps, params);
  const row = await setShiftFloat(deps.db, shiftKey(params), params.floatCents);
  if (!row) throw new AppError('CONFLICT', CLOSED_FLOAT);
  return shiftOf(deps, params);
}

/**
 * Closes the shift with the cash counted. The same count sent again (a double tap) is the same
 * close; another count on a closed shift is refused, as only a re-opening allows a recount.
 */
export async function closeShift(
  deps: BoxOfficeDeps,
  params: ShiftParams & { countedCents: number },
): Promise<BoxOfficeShift> {
  await drawerAccess(deps, params);
  const closed = await closeShiftDrawer(deps.db, shiftKey(params), {
    countedCents: params.countedCents,
    closedBy: params.actor.id,
    now: deps.clock.now(),
  });
  if (!closed) {
    const earlier = await findShiftDrawer(deps.db, shiftKey(params));
    if (earlier?.countedCents !== params.countedCents)
      throw new AppError('CONFLICT', CLOSED_ALREADY);
  }
  return shiftOf(deps, params);
}

/** Re-opens a closed shift (the organizer and admins); sent again: the same re-opening. */
export async function reopenShift(
  deps: BoxOfficeDeps,
  params: ShiftParams,
): Promise<BoxOfficeShift> {
  const { every } = await drawerAccess(deps, params);
  if (!every) throw new AppError('FORBIDDEN', REOPEN_FORBIDDEN);
  const reopened = await reopenShiftDrawer(deps.db, shiftKey(params), {
    reopenedBy: params.actor.id,
    now: deps.clock.now(),
  });
  if (!reopened) {
    const earlier = await findShiftDrawer(deps.db, shiftKey(params));
    if (!earlier?.reopenedAt || earlier.closedAt) throw new AppError('CONFLICT', NOT_CLOSED);
  }
  return shiftOf(deps, params);
}
