import { timingSafeEqual } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../../contracts/locales';
import type { Ticket } from '../../../contracts/tickets';
import { APPLE_PASS_SERVICE_PATH } from '../../../contracts/wallet-passes';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { ticketForWalletPass } from '../tickets/tickets.service';
import { passToken } from './apple-pass-token';
import { applePass, type AppleCertificates, type ApplePassVoid } from './apple-wallet';
import {
  deleteRegistration,
  findPassState,
  findRegisteredPasses,
  saveRegistration,
} from './apple-pass-service.queries';
import {
  appleAccountForEvent,
  mailedTicket,
  passableTicket,
  type WalletDeps,
} from './wallet-passes.service';

// Apple's pass web service (decision 089): Wallet registers a device for a pass with the pass's
// authentication token, asks which of its passes changed since a tag, and fetches the latest
// version of one. The token stands for the holder: it is an HMAC of the ticket and its code
// version, so a transfer (a new version) leaves the previous holder's Wallet with a token that
// only fetches a void pass, without the new holder's name or code.

/** Earlier versions a token is still recognized for (a ticket passed on more often: 401). */
const EARLIER_VERSIONS = 20;

/**
 * A change stamped less than this long ago may belong to a transaction that commits after a
 * later one: the tag handed out stays this far behind, so such a change is sent again rather
 * than skipped (as the door's change feed does, decision 066).
 */
const SETTLE_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which holder the `Authorization: ApplePass <token>` header speaks for, if any. */
function tokenFit(
  deps: WalletDeps,
  state: { ticketId: string; codeVersion: number },
  authorization: string | undefined,
): 'current' | 'earlier' | null {
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const given = Buffer.from(token);
  for (
    let version = state.codeVersion;
    version >= Math.max(0, state.codeVersion - EARLIER_VERSIONS);
    version -= 1
  ) {
    const expected = Buffer.from(passToken(deps, state.ticketId, version));
    if (expected.length === given.length && timingSafeEqual(expected, given))
      return version === state.codeVersion ? 'current' : 'earlier';
  }
  return null;
}

const noSuchPass = () => new AppError('NOT_FOUND', msg`There is no such pass`);

/** The pass of `serialNumber` (a ticket id) if the header carries its token: else 404 or 401. */
async function authorizedPass(
  deps: WalletDeps,
  params: { passTypeId: string; serialNumber: string; authorization: string | undefined },
) {
  if (!UUID.test(params.serialNumber)) throw noSuchPass();
  const state = await findPassState(deps.db, { ticketId: params.serialNumber });
  if (!state) throw noSuchPass();
  const fit = tokenFit(deps, state, params.authorization);
  if (!fit) throw new AppError('UNAUTHENTICATED', msg`This pass's token is not valid`);
  const account = await appleAccountForEvent(deps, state.eventId);
  if (!account || account.passTypeId !== params.passTypeId) throw noSuchPass();
  return { state, fit, account };
}

/** Registers a device for a pass: `created` the first time (201), `existing` after (200). */
export async function registerDevice(
  deps: WalletDeps,
  params: {
    deviceLibraryId: string;
    passTypeId: string;
    serialNumber: string;
    authorization: string | undefined;
    pushToken: string;
  },
) {
  const { state } = await authorizedPass(deps, params);
  return saveRegistration(deps.db, {
    deviceLibraryId: params.deviceLibraryId,
    passTypeId: params.passTypeId,
    ticketId: params.serialNumber,
    holderId: state.holderId,
    pushToken: params.pushToken,
  });
}

export async function unregisterDevice(
  deps: WalletDeps,
  params: {
    deviceLibraryId: string;
    passTypeId: string;
    serialNumber: string;
    authorization: string | undefined;
  },
) {
  await authorizedPass(deps, params);
  await deleteRegistration(deps.db, {
    deviceLibraryId: params.deviceLibraryId,
    passTypeId: params.passTypeId,
    ticketId: params.serialNumber,
  });
}

/**
 * The serial numbers of the device's passes that changed after `since` (a tag this service
 * gave), with the tag to ask from next time; null when none did (Apple's 204).
 */
export async function updatedSerials(
  deps: WalletDeps,
  params: { deviceLibraryId: string; passTypeId: string; since: string | undefined },
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const passes = await findRegisteredPasses(deps.db, params);
  const since = params.since === undefined ? -Infinity : Number(params.since);
  const changed = passes.filter((pass) => pass.modifiedAt.getTime() > since);
  const first = passes[0];
  if (!changed.length || !first) return null;
  const latest = Math.max(...passes.map((pass) => pass.modifiedAt.getTime()));
  return {
    serialNumbers: changed.map((pass) => pass.ticketId),
    lastUpdated: String(Math.min(latest, first.now.getTime() - SETTLE_MS)),
  };
}

/** A pass's Last-Modified has whole seconds, as HTTP dates do. */
const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

async function signedPass(
  deps: WalletDeps,
  params: {
    ticket: Ticket;
    account: AppleCertificates;
    codeVersion: number;
    voided: ApplePassVoid | undefined;
    locale: Locale;
  },
) {
  const { ticket, voided } = params;
  const passedOn = voided === 'passed_on';
  return applePass({
    certificates: params.account,
    organizationName: deps.config.APP_NAME,
    locale: params.locale,
    webService: {
      url: `${deps.config.PUBLIC_URL}${APPLE_PASS_SERVICE_PATH}`,
      authenticationToken: passToken(deps, ticket.id, params.codeVersion),
    },
    ...(voided ? { voided } : {}),
    ticket: {
      ticketId: ticket.id,
      code: voided || !ticket.code ? null : ticket.code,
      // The previous holder's Wallet is told the ticket was passed on, not to whom.
      holderName: passedOn ? null : ticket.holderName,
      ticketTypeName: ticket.ticketTypeName,
      ...(ticket.seat && !passedOn ? { seat: ticket.seat } : {}),
      event: {
        title: ticket.event.title,
        startsAt: ticket.event.startsAt,
        endsAt: ticket.event.endsAt,
        location: ticket.event.location,
      },
    },
  });
}

/**
 * The latest version of a pass for Wallet, or `pass: null` when it has not changed since
 * `ifModifiedSince` (304). A refunded ticket or a cancelled event gives a void pass; so does the
 * token of a holder the ticket was passed on from.
 */
export async function latestPass(
  deps: WalletDeps,
  params: {
    passTypeId: string;
    serialNumber: string;
    authorization: string | undefined;
    ifModifiedSince: string | undefined;
    locale: Locale;
  },
): Promise<{ pass: Buffer | null; lastModified: Date }> {
  const { state, fit, account } = await authorizedPass(deps, params);
  const lastModified = wholeSeconds(state.modifiedAt);
  const since = params.ifModifiedSince ? Date.parse(params.ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return { pass: null, lastModified };
  const ticket = await ticketForWalletPass(deps.tickets, { id: state.ticketId });
  if (!ticket) throw noSuchPass();
  const voided: ApplePassVoid | undefined =
    fit === 'earlier'
      ? 'passed_on'
      : ticket.status === 'void'
        ? 'refunded'
        : state.eventCancelled
          ? 'cancelled'
          : undefined;
  const pass = await signedPass(deps, {
    ticket,
    account,
    codeVersion: state.codeVersion,
    voided,
    locale: params.locale,
  });
  return { pass, lastModified };
}

/** "Add to Apple Wallet": the holder's ticket as a signed .pkpass with its current code. */
export async function appleWalletPass(
  deps: WalletDeps,
  params: { ticketId: string; actor: AuthUser; locale: Locale },
): Promise<Buffer> {
  const ticket = await passableTicket(deps, params);
  const account = await appleAccountForEvent(deps, ticket.event.id);
  if (!account)
    throw new AppError('NOT_FOUND', msg`Apple Wallet passes are not set up for this event`);
  const state = await findPassState(deps.db, { ticketId: ticket.id });
  if (!state) throw noSuchPass();
  return signedPass(deps, {
    ticket,
    account,
    codeVersion: state.codeVersion,
    voided: state.eventCancelled ? 'cancelled' : undefined,
    locale: params.locale,
  });
}

/** A mailed "Add to Apple Wallet" link (its token is the pass's): the current pass. */
export async function mailedApplePass(
  deps: WalletDeps,
  params: { ticketId: string; token: string; locale: Locale },
): Promise<Buffer> {
  const { ticket, state } = await mailedTicket(deps, params);
  const account = await appleAccountForEvent(deps, ticket.event.id);
  if (!account)
    throw new AppError('NOT_FOUND', msg`Apple Wallet passes are not set up for this event`);
  return signedPass(deps, {
    ticket,
    account,
    codeVersion: state.codeVersion,
    voided: state.eventCancelled ? 'cancelled' : undefined,
    locale: params.locale,
  });
}
