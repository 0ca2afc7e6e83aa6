import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { derivedKey } from '../../platform/secrets';

/**
 * A pass's authentication token (decision 089): an HMAC of the ticket and its code version, so
 * a transfer (a new version) makes a new one. Wallet sends it to the pass web service; the
 * ticket mail's wallet links carry it, so they open without a session and stop at a transfer.
 */
export const passToken = (
  deps: { config: Pick<Config, 'SESSION_SECRET'> },
  ticketId: string,
  codeVersion: number,
) =>
  createHmac('sha256', derivedKey(deps.config, 'wallet-apple-pass-token'))
    .update(`${ticketId}.${codeVersion}`)
    .digest('base64url');
