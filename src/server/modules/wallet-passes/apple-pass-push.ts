import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerBackgroundWork } from '../../platform/background-work';
import type { Clock } from '../../platform/clock';
import { postOutgoingHttp2 } from '../../platform/http/outgoing-http2';
import { claimDuePushes, forgetPushToken, pushFailed } from './apple-pass-service.queries';
import { appleAccountByPassType } from './wallet-passes.service';

// Waking a Wallet whose pass changed (decision 089): the triggers of migration 0070 mark the
// devices registered for a changed pass; this loop claims them and sends each device one empty
// push through APNs (HTTP/2, the pass certificate as the TLS client certificate, the Pass Type
// ID as topic), through the outgoing guard. Wallet then asks which passes changed and fetches
// them. APNs is not reachable here: the test points APPLE_PUSH_URL at a stand-in HTTP/2 server.

export interface ApplePushDeps {
  db: Database;
  clock: Clock;
  config: Pick<
    Config,
    'SESSION_SECRET' | 'OUTGOING_ALLOW_LOOPBACK' | 'APPLE_PUSH_URL' | 'APPLE_PUSH_CA_PEM'
  >;
}

/** Tries per registration before a change is left to Wallet's own refresh. */
const MAX_FAILURES = 5;
const TIMEOUT_MS = 10_000;
const RETRY_MS = 120_000;

/** Sends the pushes that are due; answers how many devices it tried. */
export async function pushDue(deps: ApplePushDeps, options: { limit?: number } = {}) {
  const due = await claimDuePushes(deps.db, {
    now: deps.clock.now(),
    limit: options.limit ?? 100,
  });
  for (const push of due) {
    const account = await appleAccountByPassType(deps, push.passTypeId);
    // The certificate was removed: nobody can wake these Wallets any more.
    if (!account) continue;
    let status = 0;
    try {
      const response = await postOutgoingHttp2(
        `${deps.config.APPLE_PUSH_URL}/3/device/${encodeURIComponent(push.pushToken)}`,
        {
          headers: { 'content-type': 'application/json', 'apns-topic': push.passTypeId },
          body: '{}',
          tls: {
            cert: account.certificatePem,
            key: account.privateKeyPem,
            ...(deps.config.APPLE_PUSH_CA_PEM ? { ca: deps.config.APPLE_PUSH_CA_PEM } : {}),
          },
        },
        { allowLoopback: deps.config.OUTGOING_ALLOW_LOOPBACK, timeoutMs: TIMEOUT_MS },
      );
      status = response.status;
    } catch {
      status = 0;
    }
    if (status === 200) continue;
    // 410: the device unregistered; 400 BadDeviceToken: it never will take this token.
    if (status === 410 || status === 400) await forgetPushToken(deps.db, push);
    else {
      await pushFailed(deps.db, {
        ...push,
        retryAt: new Date(deps.clock.now().getTime() + RETRY_MS),
        maxFailures: MAX_FAILURES,
      });
    }
  }
  return due.length;
}

/** The loop each worker process runs; answers the function that stops it. */
export function startApplePushes(
  deps: ApplePushDeps,
  options: { idleMs: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let stopping = false;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  const unregister = registerBackgroundWork(deps.db, {
    name: 'Apple Wallet pushes',
    busy: () => busy,
    // Marked devices wait in the table for the next tick: settling sends what is due now.
    drain: () => {
      if (!stopping && !busy) {
        clearTimeout(timer);
        tick();
      }
      return running;
    },
  });
  const tick = () => {
    if (stopping) return;
    busy = true;
    running = pushDue(deps)
      .catch(options.onError)
      .finally(() => {
        busy = false;
        if (!stopping) timer = setTimeout(tick, options.idleMs);
      });
  };
  timer = setTimeout(tick, options.idleMs);
  return async () => {
    stopping = true;
    clearTimeout(timer);
    await running;
    unregister();
  };
}
