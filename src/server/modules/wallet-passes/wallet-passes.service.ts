import { msg } from '@lingui/core/macro';
import type { WalletConfig, WalletConfigInput } from '../../../contracts/wallet-passes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { derivedKey } from '../../platform/secrets';
import { getTicket, type TicketDeps } from '../tickets/tickets.service';
import { googleSaveJwt, googleSaveUrl } from './google-wallet';
import { findConfigForEvent, findOwnConfig, saveGoogleConfig } from './wallet-passes.queries';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  tickets: TicketDeps;
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL' | 'APP_NAME'>;
}

// The service account's key is sealed with a key derived for this purpose alone, and only ever
// opened to sign a save link; no answer and no log carries it.
const sealKey = (deps: WalletDeps) => derivedKey(deps.config, 'field:wallet-google');

type ConfigRow = NonNullable<Awaited<ReturnType<typeof findOwnConfig>>>;

const presentConfig = (row: ConfigRow | undefined): WalletConfig => ({
  google:
    row?.googleIssuerId && row.googleServiceAccountEmail && row.googleKeySealed
      ? { issuerId: row.googleIssuerId, serviceAccountEmail: row.googleServiceAccountEmail }
      : null,
  apple: null,
});

export async function getWalletConfig(deps: WalletDeps, actor: AuthUser): Promise<WalletConfig> {
  return presentConfig(await findOwnConfig(deps.db, { ownerId: actor.id }));
}

export async function setGoogleWallet(
  deps: WalletDeps,
  params: { actor: AuthUser; input: WalletConfigInput },
): Promise<WalletConfig> {
  const { input } = params;
  const row = await saveGoogleConfig(deps.db, {
    ownerId: params.actor.id,
    issuerId: input.googleIssuerId,
    serviceAccountEmail: input.googleServiceAccountEmail,
    keySealed: sealField(sealKey(deps), input.googlePrivateKeyPem),
    at: deps.clock.now(),
  });
  return presentConfig(row);
}

/** "Add to Google Wallet" for the holder's ticket: a save link with the ticket's current code. */
export async function googleSaveLink(
  deps: WalletDeps,
  params: { ticketId: string; actor: AuthUser },
): Promise<{ url: string }> {
  const ticket = await getTicket(deps.tickets, { id: params.ticketId, actor: params.actor });
  if (ticket.status === 'void')
    throw new AppError('CONFLICT', msg`This ticket was refunded: it has no wallet pass`);
  if (!ticket.code)
    throw new AppError('CONFLICT', msg`This ticket is being passed on: it has no pass until then`);
  const config = await findConfigForEvent(deps.db, { eventId: ticket.event.id });
  if (!config?.googleIssuerId || !config.googleServiceAccountEmail || !config.googleKeySealed)
    throw new AppError('NOT_FOUND', msg`Google Wallet passes are not set up for this event`);
  const jwt = googleSaveJwt({
    issuerId: config.googleIssuerId,
    serviceAccountEmail: config.googleServiceAccountEmail,
    privateKeyPem: openField(sealKey(deps), config.googleKeySealed),
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
  return { url: googleSaveUrl(jwt) };
}
