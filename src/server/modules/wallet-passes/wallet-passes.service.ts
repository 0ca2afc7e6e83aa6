import { X509Certificate, createPrivateKey, timingSafeEqual } from 'node:crypto';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE } from '../../../contracts/locales';
import type {
  AppleWalletConfigInput,
  PlatformWalletConfig,
  TicketWalletOffers,
  WalletConfig,
  WalletConfigInput,
  WalletKind,
} from '../../../contracts/wallet-passes';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { derivedKey } from '../../platform/secrets';
import type { RecordAudit } from '../record-audit';
import type { Ticket } from '../../../contracts/tickets';
import {
  getTicket,
  ticketForWalletPass,
  type TicketDeps,
  type TicketMailLinks,
} from '../tickets/tickets.service';
import { findPassState } from './apple-pass-service.queries';
import { passToken } from './apple-pass-token';
import type { AppleCertificates } from './apple-wallet';
import { googleSaveJwt, googleSaveUrl } from './google-wallet';
import {
  clearConfig,
  countOwnConfigs,
  findConfigByPassType,
  findConfigsForEvent,
  findOwnConfig,
  markPassesOfAccount,
  saveAppleConfig,
  saveGoogleConfig,
} from './wallet-passes.queries';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  tickets: TicketDeps;
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL' | 'APP_NAME'>;
}

// Each private key is sealed with a key derived for its purpose alone, and only ever opened to
// sign; no answer and no log carries it.
const googleSealKey = (deps: WalletDeps) => derivedKey(deps.config, 'field:wallet-google');
const appleSealKey = (deps: { config: Pick<Config, 'SESSION_SECRET'> }) =>
  derivedKey(deps.config, 'field:wallet-apple');

type ConfigRow = NonNullable<Awaited<ReturnType<typeof findOwnConfig>>>;

/** The admin who changes the platform's account, for its row of the admin audit log. */
export interface WalletChange {
  actorId: string;
  requestId: string;
  recordAudit: RecordAudit;
}

/** What the audit log says of an account: who it signs as, never a key or a certificate. */
const shownAccount = (kind: WalletKind, row: ConfigRow | undefined) => {
  if (kind === 'apple') {
    const apple = appleOf(row);
    return apple ? { passTypeId: apple.passTypeId, teamId: apple.teamId } : null;
  }
  const google = googleOf(row);
  return google
    ? { issuerId: google.issuerId, serviceAccountEmail: google.serviceAccountEmail }
    : null;
};

/**
 * Writes the platform account's change to the admin audit log, in the change's transaction:
 * set (none before), replaced or removed, with who it signed as before and after. Removing an
 * account that was not set changes nothing and is not logged.
 */
async function auditWalletChange(
  tx: DbExecutor,
  change: WalletChange | undefined,
  kind: WalletKind,
  before: ConfigRow | undefined,
  after: ConfigRow | undefined,
) {
  const was = shownAccount(kind, before);
  const is = shownAccount(kind, after);
  if (!change || (!was && !is)) return;
  await change.recordAudit(tx, {
    actorId: change.actorId,
    action: is
      ? was
        ? 'platform_wallet.replace'
        : 'platform_wallet.set'
      : 'platform_wallet.remove',
    targetType: 'platform_wallet',
    targetId: kind,
    details: { kind, before: was, after: is },
    requestId: change.requestId,
  });
}

const googleOf = (row: ConfigRow | undefined) =>
  row?.googleIssuerId && row.googleServiceAccountEmail && row.googleKeySealed
    ? {
        issuerId: row.googleIssuerId,
        serviceAccountEmail: row.googleServiceAccountEmail,
        keySealed: row.googleKeySealed,
      }
    : null;

const appleOf = (row: ConfigRow | undefined) =>
  row?.applePassTypeId &&
  row.appleTeamId &&
  row.appleCertificatePem &&
  row.appleWwdrPem &&
  row.appleKeySealed
    ? {
        passTypeId: row.applePassTypeId,
        teamId: row.appleTeamId,
        certificatePem: row.appleCertificatePem,
        wwdrPem: row.appleWwdrPem,
        keySealed: row.appleKeySealed,
      }
    : null;

function presentConfig(row: ConfigRow | undefined): WalletConfig {
  const google = googleOf(row);
  const apple = appleOf(row);
  return {
    google: google && {
      issuerId: google.issuerId,
      serviceAccountEmail: google.serviceAccountEmail,
    },
    apple: apple && {
      passTypeId: apple.passTypeId,
      teamId: apple.teamId,
      certificateExpiresAt: new Date(
        new X509Certificate(apple.certificatePem).validTo,
      ).toISOString(),
    },
  };
}

/** The wallet accounts of `actor` (the team owner when a member acts for a team). */
export async function getWalletConfig(deps: WalletDeps, actor: AuthUser): Promise<WalletConfig> {
  return presentConfig(await findOwnConfig(deps.db, { ownerId: actor.id }));
}

/**
 * The platform's own accounts (decision 099): they sign the passes of organizers without their
 * own, so the console also says how many organizers have theirs.
 */
export async function getPlatformWalletConfig(deps: WalletDeps): Promise<PlatformWalletConfig> {
  const [row, organizersWithOwn] = await Promise.all([
    findOwnConfig(deps.db, { ownerId: null }),
    countOwnConfigs(deps.db),
  ]);
  return { ...presentConfig(row), organizersWithOwn };
}

/** `ownerId`: the organizer (the team owner when a member acts), or null for the platform. */
export async function setGoogleWallet(
  deps: WalletDeps,
  params: { ownerId: string | null; input: WalletConfigInput },
  change?: WalletChange,
): Promise<WalletConfig> {
  const { input } = params;
  const row = await deps.db.transaction(async (tx) => {
    const before = change ? await findOwnConfig(tx, { ownerId: params.ownerId }) : undefined;
    const saved = await saveGoogleConfig(tx, {
      ownerId: params.ownerId,
      issuerId: input.googleIssuerId,
      serviceAccountEmail: input.googleServiceAccountEmail,
      keySealed: sealField(googleSealKey(deps), input.googlePrivateKeyPem),
      at: deps.clock.now(),
    });
    await auditWalletChange(tx, change, 'google', before, saved);
    return saved;
  });
  return presentConfig(row);
}

const fieldError = (field: string, message: MessageDescriptor) =>
  new AppError('VALIDATION_FAILED', message, {
    fields: [{ field, message: translate(SOURCE_LOCALE, message) }],
  });

/**
 * The certificate must be one the WWDR certificate issued, still valid, and the key its own:
 * a mismatch would only show as a pass Wallet refuses to open, long after the form.
 */
function checkAppleCertificates(input: AppleWalletConfigInput, now: Date) {
  let certificate: X509Certificate;
  let wwdr: X509Certificate;
  try {
    certificate = new X509Certificate(input.appleCertificatePem);
  } catch {
    throw fieldError('body.appleCertificatePem', msg`This certificate cannot be read`);
  }
  try {
    wwdr = new X509Certificate(input.appleWwdrPem);
  } catch {
    throw fieldError('body.appleWwdrPem', msg`This certificate cannot be read`);
  }
  if (Date.parse(certificate.validTo) <= now.getTime())
    throw fieldError('body.appleCertificatePem', msg`This certificate has expired`);
  if (!certificate.checkIssued(wwdr) || !certificate.verify(wwdr.publicKey))
    throw fieldError(
      'body.appleWwdrPem',
      msg`This is not the WWDR certificate that issued your pass certificate`,
    );
  let matches = false;
  try {
    const key = createPrivateKey(input.applePrivateKeyPem);
    matches = key.asymmetricKeyType === 'rsa' && certificate.checkPrivateKey(key);
  } catch {
    matches = false;
  }
  if (!matches)
    throw fieldError(
      'body.applePrivateKeyPem',
      msg`This private key does not belong to the certificate`,
    );
}

export async function setAppleWallet(
  deps: WalletDeps,
  params: { ownerId: string | null; input: AppleWalletConfigInput },
  change?: WalletChange,
): Promise<WalletConfig> {
  const { input } = params;
  checkAppleCertificates(input, deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const beforeRow = await findOwnConfig(tx, { ownerId: params.ownerId });
    const before = appleOf(beforeRow);
    const saved = await saveAppleConfig(tx, {
      ownerId: params.ownerId,
      passTypeId: input.applePassTypeId,
      teamId: input.appleTeamId,
      certificatePem: input.appleCertificatePem,
      wwdrPem: input.appleWwdrPem,
      keySealed: sealField(appleSealKey(deps), input.applePrivateKeyPem),
      at: deps.clock.now(),
    });
    // Passes already in Wallet carry the old signature: wake their devices to fetch them signed
    // anew. The same certificate saved again changes nothing a device would see. (The key is
    // the certificate's own, checked above, so the certificate stands for both.)
    const isSame =
      before?.certificatePem === input.appleCertificatePem &&
      before.wwdrPem === input.appleWwdrPem &&
      before.teamId === input.appleTeamId &&
      before.passTypeId === input.applePassTypeId;
    if (!isSame)
      await markPassesOfAccount(tx, {
        ownerId: params.ownerId,
        passTypeId: input.applePassTypeId,
      });
    await auditWalletChange(tx, change, 'apple', beforeRow, saved);
    return saved;
  });
  return presentConfig(row);
}

/**
 * Turns one kind of account off (the platform's, decision 099): its keys are deleted. Passes
 * already in Wallet stay as they are (nothing can sign their updates); new tickets are offered
 * the pass only where an organizer's own account remains.
 */
export async function removeWalletAccount(
  deps: WalletDeps,
  params: { ownerId: string | null; kind: WalletKind },
  change?: WalletChange,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = change ? await findOwnConfig(tx, { ownerId: params.ownerId }) : undefined;
    await clearConfig(tx, { ...params, at: deps.clock.now() });
    if (before) await auditWalletChange(tx, change, params.kind, before, undefined);
  });
}

/** The holder's ticket, if it may have a pass: not refunded, not waiting for a transfer. */
export async function passableTicket(
  deps: WalletDeps,
  params: { ticketId: string; actor: AuthUser },
) {
  const ticket = await getTicket(deps.tickets, { id: params.ticketId, actor: params.actor });
  if (ticket.status === 'void')
    throw new AppError('CONFLICT', msg`This ticket was refunded: it has no wallet pass`);
  if (!ticket.code)
    throw new AppError('CONFLICT', msg`This ticket is being passed on: it has no pass until then`);
  return { ...ticket, code: ticket.code };
}

/** Which passes the ticket page offers: only those whose account is set up, for a live ticket. */
export async function walletOffers(
  deps: WalletDeps,
  params: { ticketId: string; actor: AuthUser },
): Promise<TicketWalletOffers> {
  const ticket = await getTicket(deps.tickets, { id: params.ticketId, actor: params.actor });
  if (ticket.status === 'void' || !ticket.code || ticket.isPast)
    return { apple: false, google: false };
  const rows = await findConfigsForEvent(deps.db, { eventId: ticket.event.id });
  return {
    apple: rows.some((row) => appleOf(row)),
    google: rows.some((row) => googleOf(row)),
  };
}

/** "Add to Google Wallet" for the holder's ticket: a save link with the ticket's current code. */
export async function googleSaveLink(
  deps: WalletDeps,
  params: { ticketId: string; actor: AuthUser },
): Promise<{ url: string }> {
  return { url: await googleSaveUrlOf(deps, await passableTicket(deps, params)) };
}

async function googleSaveUrlOf(deps: WalletDeps, ticket: Ticket & { code: string }) {
  const rows = await findConfigsForEvent(deps.db, { eventId: ticket.event.id });
  const google = rows.map(googleOf).find((config) => config !== null);
  if (!google)
    throw new AppError('NOT_FOUND', msg`Google Wallet passes are not set up for this event`);
  const jwt = googleSaveJwt({
    issuerId: google.issuerId,
    serviceAccountEmail: google.serviceAccountEmail,
    privateKeyPem: openField(googleSealKey(deps), google.keySealed),
    origin: deps.config.PUBLIC_URL ?? '',
    issuerName: deps.config.APP_NAME,
    now: deps.clock.now(),
    ticket: {
      ticketId: ticket.id,
      code: ticket.code,
      holderName: ticket.holderName,
      ticketTypeName: ticket.ticketTypeName,
      event: {
        id: ticket.event.id,
        title: ticket.event.title,
        startsAt: ticket.event.startsAt,
        location: ticket.event.location,
      },
    },
  });
  return googleSaveUrl(jwt);
}

const mailLink = (deps: WalletDeps, ticketId: string, kind: 'apple' | 'google', token: string) =>
  `${deps.config.PUBLIC_URL}/api/wallet/passes/${ticketId}/${kind}?token=${token}`;

/**
 * The wallet links the ticket mail offers for each ticket, only for what is set up for its
 * event (decision 089). They carry the pass's token, so they open without a session, and a
 * transfer (a new code version) ends them.
 */
export async function walletMailLinks(
  deps: WalletDeps,
  tickets: readonly { id: string; event: { id: string } }[],
): Promise<Map<string, { apple?: string; google?: string }>> {
  const links = new Map<string, { apple?: string; google?: string }>();
  for (const ticket of tickets) {
    const rows = await findConfigsForEvent(deps.db, { eventId: ticket.event.id });
    const apple = rows.some((row) => appleOf(row));
    const google = rows.some((row) => googleOf(row));
    if (!apple && !google) continue;
    const state = await findPassState(deps.db, { ticketId: ticket.id });
    if (!state) continue;
    const token = passToken(deps, ticket.id, state.codeVersion);
    links.set(ticket.id, {
      ...(apple ? { apple: mailLink(deps, ticket.id, 'apple', token) } : {}),
      ...(google ? { google: mailLink(deps, ticket.id, 'google', token) } : {}),
    });
  }
  return links;
}

/** `walletMailLinks` in the shape the tickets mail asks for (its commerce hook). */
export const ticketMailLinks: TicketMailLinks = (deps, tickets) =>
  walletMailLinks({ db: deps.db, clock: deps.clock, tickets: deps, config: deps.config }, tickets);

/** The ticket a mailed wallet link names, if its token is the ticket's current one. */
export async function mailedTicket(deps: WalletDeps, params: { ticketId: string; token: string }) {
  const state = await findPassState(deps.db, { ticketId: params.ticketId });
  const expected = state && Buffer.from(passToken(deps, state.ticketId, state.codeVersion));
  const given = Buffer.from(params.token);
  if (!state || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('NOT_FOUND', msg`This link is no longer valid: open the ticket page`);
  const ticket = await ticketForWalletPass(deps.tickets, { id: state.ticketId });
  if (!ticket) throw new AppError('NOT_FOUND', msg`Ticket not found`);
  if (ticket.status === 'void')
    throw new AppError('CONFLICT', msg`This ticket was refunded: it has no wallet pass`);
  if (!ticket.code)
    throw new AppError('CONFLICT', msg`This ticket is being passed on: it has no pass until then`);
  return { ticket: { ...ticket, code: ticket.code }, state };
}

/** A mailed "Save to Google Wallet" link: where to send the holder (Google's save page). */
export async function mailedGoogleSaveUrl(
  deps: WalletDeps,
  params: { ticketId: string; token: string },
): Promise<string> {
  const { ticket } = await mailedTicket(deps, params);
  return googleSaveUrlOf(deps, ticket);
}

/**
 * The Apple pass certificate a pass of this event is signed with (the organizer's, else the
 * platform's), its key opened; null when none is set up.
 */
export async function appleAccountForEvent(
  deps: WalletDeps,
  eventId: string,
): Promise<AppleCertificates | null> {
  const rows = await findConfigsForEvent(deps.db, { eventId });
  return openApple(
    deps,
    rows.map(appleOf).find((config) => config !== null),
  );
}

/** The certificate of this Pass Type ID, which APNs asks for to wake Wallets (decision 089). */
export async function appleAccountByPassType(
  deps: { db: Database; config: Pick<Config, 'SESSION_SECRET'> },
  passTypeId: string,
): Promise<AppleCertificates | null> {
  return openApple(deps, appleOf(await findConfigByPassType(deps.db, { passTypeId })));
}

function openApple(
  deps: { config: Pick<Config, 'SESSION_SECRET'> },
  apple: ReturnType<typeof appleOf> | undefined,
): AppleCertificates | null {
  if (!apple) return null;
  return {
    passTypeId: apple.passTypeId,
    teamId: apple.teamId,
    certificatePem: apple.certificatePem,
    wwdrPem: apple.wwdrPem,
    privateKeyPem: openField(appleSealKey(deps), apple.keySealed),
  };
}
